import { useLocation } from 'react-router';
import { modulePage, type ModulePageProps } from '../../../shared/module-page';
import { MessagesView } from '../components/MessagesView';
import { capabilityReader } from '../../../lib/capabilities';
import type { PagePrefetch } from '../../../lib/fetch-ahead';
import { fetchThreadsAhead } from '../api/threads';

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

/** The page's first call, asked for as the app starts on this page (see app/session-ahead.ts). */
export const prefetch: PagePrefetch = ({ patientId, capabilities }) => {
  if (capabilityReader(capabilities).hasModule('SecureMessages')) void fetchThreadsAhead(patientId);
};
