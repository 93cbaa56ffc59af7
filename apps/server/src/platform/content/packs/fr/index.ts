import access from './access.json';
import contacts from './contacts.json';
import foundation from './foundation.json';
import home from './home.json';
import mail from './mail.json';
import signup from './signup.json';

/** One file per area of the product, so areas are written and translated independently. */
export default { ...foundation, ...access, ...mail, ...signup, ...home, ...contacts } as Record<string, string>;
