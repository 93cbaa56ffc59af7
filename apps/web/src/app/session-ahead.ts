import type { Capabilities, LoginProfile } from '@portal/contracts';
import { api } from '../lib/api-instance';
import type { PagePrefetch, SessionAhead } from '../lib/fetch-ahead';
import { currentPatientId } from '../lib/session-paths';
import { fetchCapabilitiesAhead, fetchLoginProfileAhead, fetchPatientAhead } from '../shared/api/session-ahead';
import { decideGuard } from './guard';

interface SessionAnswers {
  profile: LoginProfile;
  capabilities: Capabilities | null;
}

let profileAnswered: Promise<unknown> = Promise.resolve();

/** Settles when the login profile asked for at start has answered, either way (at once if none was). */
export function profileAskedAtStart(): Promise<unknown> {
  return profileAnswered;
}

/**
 * At start, when logged in: the login profile and the capabilities, asked for as the app's code runs
 * instead of after the components that need them have loaded (every logged-in screen's header reads both).
 * The capabilities are the user's: asked for beside the profile when an earlier load of this session
 * remembered who the user is, else once the profile says so. (A remembered id the profile contradicts is
 * not used: the answer for the profile's own user is asked for, and the other one left untaken.)
 */
export function askSessionAhead(): Promise<SessionAnswers> | null {
  if (!api.session.get()?.isAuthenticated) return null;
  const profile = fetchLoginProfileAhead();
  const rememberedUserId = api.session.getUserId();
  if (rememberedUserId !== null) void fetchCapabilitiesAhead(rememberedUserId).catch(() => undefined);
  profileAnswered = profile.catch(() => undefined);
  return profile.then(async (answer) => {
    if (answer.userId !== null) api.session.setUserId(answer.userId);
    return {
      profile: answer,
      capabilities: answer.userId === null ? null : await fetchCapabilitiesAhead(answer.userId),
    };
  });
}

/**
 * The session's answers right after a login, from the login profile the login page has just read: the
 * capabilities asked for ahead (the header and the page both read them), the profile as it is.
 */
export function sessionAfterLogin(profile: LoginProfile): Promise<SessionAnswers> {
  if (profile.userId === null) return Promise.resolve({ profile, capabilities: null });
  return fetchCapabilitiesAhead(profile.userId).then((capabilities) => ({ profile, capabilities }));
}

/**
 * For a page behind the login opened directly (or the page a login goes to, at `location`): once the session's answers are in, the patient, and, once
 * the page's code is there, the page's own first calls (its `prefetch` export), only when the page will
 * show a record (no redirect, a patient to show, not a kiosk or link user): the calls the page would make,
 * no others.
 */
export function prefetchFirstPage(
  session: Promise<SessionAnswers>,
  loadPage: () => Promise<{ prefetch?: PagePrefetch } | undefined>,
  location = window.location.pathname + window.location.search,
): void {
  const ahead = session.then(({ profile, capabilities }): SessionAhead | null => {
    const patientId = currentPatientId(profile);
    const allowed = decideGuard({ location, session: api.session.get(), profile }).kind === 'allow';
    if (!capabilities || patientId === null || profile.userId === null || !allowed) return null;
    void fetchPatientAhead(patientId);
    return { userId: profile.userId, patientId, capabilities };
  });
  Promise.all([loadPage(), ahead])
    .then(([module, answers]) => {
      if (answers) module?.prefetch?.(answers);
    })
    // A failed call is asked again by the page that needs it, which shows the failure.
    .catch(() => undefined);
}
