import { BenchError } from './processes';

/** The demo patient with the richest record (README), and the password of every demo account. */
export const DEMO_USER = 'jane.doe';
export const DEMO_PASSWORD = 'DemoPass#2026';

export interface ApiSession {
  headers: Record<string, string>;
  userId: number;
  patientId: number;
  facilityId: number;
  themeId: number;
  labResultId: number;
  /** The care team's photo thumbnails, which the dashboard's cards show. */
  thumbnails: string[];
}

async function getJson<T>(base: string, p: string, headers: Record<string, string>): Promise<T> {
  const res = await fetch(`${base}${p}`, { headers, signal: AbortSignal.timeout(10_000) });
  const body = await res.text();
  if (res.status !== 200) throw new BenchError(`GET ${p} answered ${res.status}: ${body.slice(0, 300)}`);
  return JSON.parse(body) as T;
}

/** Logs jane.doe in through the real token endpoint, as the login form does, and finds the ids the reads need. */
export async function apiSession(base: string): Promise<ApiSession> {
  const res = await fetch(`${base}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: DEMO_USER, password: DEMO_PASSWORD }).toString(),
    signal: AbortSignal.timeout(30_000),
  });
  const token = (await res.json()) as { access_token?: string };
  if (res.status !== 200 || !token.access_token) {
    throw new BenchError(`Logging in as ${DEMO_USER} answered ${res.status}: ${JSON.stringify(token).slice(0, 300)}`);
  }
  const headers = { authorization: `Bearer ${token.access_token}` };
  const profile = await getJson<{
    userId: number | null;
    facilityId: number;
    ids: { idType: string; value: number }[];
  }>(base, '/api/patientportaluser/loginprofile', headers);
  const patientId = profile.ids.find((id) => id.idType === 'Patient')?.value;
  if (!patientId || profile.userId === null) throw new BenchError(`${DEMO_USER} has no patient record of her own`);
  const results = await getJson<{ labResultId: number }[]>(
    base,
    `/api/patients/${patientId}/labresults/published`,
    headers,
  );
  if (!results[0]) throw new BenchError(`${DEMO_USER} has no published lab result`);
  const facility = await getJson<{ theme: { id: number } }>(base, '/api/facilities?facilityAlias=127.0.0.1', {});
  const careTeam = await getJson<{ photoThumbnailFilename: string | null }[]>(
    base,
    `/api/patients/${patientId}/careTeamMembers`,
    headers,
  );
  return {
    headers,
    userId: profile.userId,
    patientId,
    facilityId: profile.facilityId,
    themeId: facility.theme.id,
    labResultId: results[0].labResultId,
    thumbnails: careTeam.flatMap((member) => (member.photoThumbnailFilename ? [member.photoThumbnailFilename] : [])),
  };
}

/**
 * The calls the dashboard makes on a first load, in the order the web app asks them (apps/web: Boot's facility, theme
 * and logo, the language pack, the login profile, capabilities, the patient, the sections, the header's badges,
 * the care team's photos). The bytes part compares this list with what the browser really asks and names any call
 * missing here.
 */
export function dashboardCalls(s: Omit<ApiSession, 'headers' | 'labResultId'>): string[] {
  const patient = `/api/patients/${s.patientId}`;
  return [
    '/api/facilities?facilityAlias=127.0.0.1',
    `/api/themes/${s.themeId}/css`,
    `/api/facilities/${s.facilityId}/images/logoUrl`,
    `/api/content/languagepack/patientPortal?language=en-US&facilityId=${s.facilityId}`,
    '/api/patientportaluser/loginprofile',
    `/api/users/${s.userId}/capabilities/patientPortal`,
    patient,
    `${patient}/upcomingAppointments/count/4`,
    `${patient}/careTeamMembers`,
    `${patient}/contacts`,
    `${patient}/externalSystems`,
    `${patient}/education/UnreadCount`,
    `${patient}/labresults/NotReviewedCount`,
    `${patient}/medicalnotes/notReviewedCount`,
    `${patient}/treatmentSummary/UnseenCount`,
    `${patient}/assignedquestionnaires/newcount`,
    `${patient}/SecureMessages/countUnread`,
    ...s.thumbnails.map((file) => `/api/images/userprofileimage/${encodeURIComponent(file)}`),
  ];
}

/** A call's shape with its numbers (and photo names) blanked, so calls on two servers (whose ids may differ) can be compared. */
export const callShape = (pathAndQuery: string) =>
  pathAndQuery
    .split('?')[0]!
    .replace(/\/\d+(?=\/|$)/g, '/:n')
    .replace(/^\/api\/images\/userprofileimage\/.+$/, '/api/images/userprofileimage/:file');
