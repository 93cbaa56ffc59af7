import type { Capabilities, LoginProfile } from '@portal/contracts';
import { api } from '../lib/api-instance';
import { fetchAhead, type PagePrefetch, type SessionAhead } from '../lib/fetch-ahead';
import { capabilitiesPath, currentPatientId, LOGIN_PROFILE_PATH, patientPath } from '../lib/session-paths';
import { decideGuard } from './guard';

let profileAnswered: Promise<unknown> = Promise.resolve();

/** Settles when the login profile asked for at start has answered, either way (at once if none was). */
export function profileAskedAtStart(): Promise<unknown> {
  return profileAnswered;
}

/**
 * At start, when logged in: the login profile, then the capabilities and the patient at once, asked for
 * beside the download of the page's code instead of each after the component that needs it has loaded.
 * Answers what the page needs to ask for its own data, or null when the page will not show a record (a
 * redirect, no patient, a kiosk or link user): the calls are those the pages would make, no others.
 */
async function askSessionAhead(location: string): Promise<SessionAhead | null> {
  const session = api.session.get();
  if (!session?.isAuthenticated) return null;
  const asked = fetchAhead<LoginProfile>(LOGIN_PROFILE_PATH);
  profileAnswered = asked.catch(() => undefined);
  const profile = await asked;
  if (profile.userId === null) return null;
  const capabilities = fetchAhead<Capabilities>(capabilitiesPath(profile.userId));
  const patientId = currentPatientId(profile);
  if (patientId === null || decideGuard({ location, session, profile }).kind !== 'allow') return null;
  void fetchAhead(patientPath(patientId));
  return { patientId, capabilities: await capabilities };
}

/**
 * For a page behind the login opened directly: asks ahead for the session's answers and, once the page's
 * code is there, for the page's own first calls (its `prefetch` export).
 */
export function prefetchFirstPage(location: string, loadPage: () => Promise<{ prefetch?: PagePrefetch } | undefined>) {
  const session = askSessionAhead(location);
  Promise.all([loadPage(), session])
    .then(([module, ahead]) => {
      if (ahead) module?.prefetch?.(ahead);
    })
    // A failed call is asked again by the page that needs it, which shows the failure.
    .catch(() => undefined);
}
