import { usePageTitle } from '../../../lib/use-page-title';
import { ContactFormPage } from '../components/ContactFormPage';

/** /add-contact: a new personal contact. */
export function Component() {
  usePageTitle('contactForm.addTitle');
  return <ContactFormPage mode="add" contactId={null} />;
}
