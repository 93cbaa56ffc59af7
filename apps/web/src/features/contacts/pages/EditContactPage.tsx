import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { ContactFormPage } from '../components/ContactFormPage';

/** /edit-contact?contactId=: a personal contact's details and portal account. */
export function Component() {
  usePageTitle('contactForm.editTitle');
  const [params] = useSearchParams();
  const raw = params.get('contactId') ?? '';
  const contactId = /^\d{1,10}$/.test(raw) ? Number(raw) : -1;
  return <ContactFormPage key={contactId} mode="edit" contactId={contactId} />;
}
