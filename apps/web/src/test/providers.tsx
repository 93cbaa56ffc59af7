import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Facility } from '@portal/contracts';
import type { ReactElement, ReactNode } from 'react';
import { FacilityContext } from '../lib/facility-context';

/** A query client of a test's own: nothing cached from another test, no retries (a failure shows at once). */
export function freshQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/** The facility the app serves in a test (the provider every page has once the app has started). */
export const TEST_FACILITY: Facility = {
  facilityId: 1,
  facilityName: 'Riverside Medical Center',
  facilityPortalName: 'Riverside Patient Portal',
  facilityShortName: 'Riverside',
  theme: { id: 1 },
  timeZone: { abbreviation: 'EST', id: 'America/New_York', offset: -300 },
  defaultCommunicationLanguage: { id: 1, name: 'English' },
  hasLogo: false,
  resources: { faqs: false, usefulLinks: false, downloadableForms: false },
};

/**
 * `ui` under what the app's pages stand in: a query client (a fresh one unless given) and the facility. Render it
 * with renderInApp.
 */
export function withProviders(ui: ReactNode, client: QueryClient = freshQueryClient()): ReactElement {
  return (
    <QueryClientProvider client={client}>
      <FacilityContext value={TEST_FACILITY}>{ui}</FacilityContext>
    </QueryClientProvider>
  );
}
