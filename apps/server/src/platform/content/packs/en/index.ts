import access from './access.json';
import foundation from './foundation.json';
import mail from './mail.json';
import signup from './signup.json';

/** One file per area of the product, so areas are written and translated independently. */
export default { ...foundation, ...access, ...mail, ...signup } as Record<string, string>;
