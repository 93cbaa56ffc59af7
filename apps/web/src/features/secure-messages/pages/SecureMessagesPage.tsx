import { useLocation } from 'react-router';
import { modulePage, type ModulePageProps } from '../../../shared/module-page';
import { MessagesView } from '../components/MessagesView';

/** The route of New Message: /secure-message?careProviderId= (a care team card's Send Secure Message). */
export const COMPOSE_PATH = '/secure-message';

function SecureMessages(props: ModulePageProps) {
  const { pathname } = useLocation();
  return <MessagesView {...props} compose={pathname.toLowerCase() === COMPOSE_PATH} />;
}

/**
 * /secure-messages, the Messages page (spec 002, 2.6), and /secure-message, the same page with New Message open
 * (its chosen member from ?careProviderId=): one module for both, so closing New Message stays on the page.
 */
export const Component = modulePage('SecureMessages', 'secureMessages.title', SecureMessages);
