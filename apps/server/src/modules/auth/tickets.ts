import type { DbOrTx } from '../../db/client';
import { issueSecret } from '../../platform/auth/one-time-secrets';
import { findUserPatientByUsername } from './auth.repository';

export interface TicketUrls {
  /** The user's facility: the URLs work only on its hosts. */
  facilityId: number;
  sso: string[];
  kioskUser: string[];
  link: string[];
}

/**
 * Fresh single-use ways in for one patient user: single sign-on tickets (as the facility's system would
 * issue them), kiosk tickets (as kiosk staff would start them) and emailed links. Relative URLs.
 */
export async function issueTicketUrls(
  db: DbOrTx,
  username: string,
  count: number,
  /** Overrides the short lifetime of SSO and kiosk tickets (the operator's CLI only). */
  ticketLifetimeMs?: number,
): Promise<TicketUrls> {
  const row = await findUserPatientByUsername(db, username);
  if (!row) throw new Error(`No user named ${username}`);
  const patientId = row.patientId;
  if (!patientId) throw new Error(`${username} is not a patient`);
  const urls: TicketUrls = { facilityId: row.facilityId, sso: [], kioskUser: [], link: [] };
  await db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const sso = await issueSecret(tx, {
        kind: 'singleSignOn',
        facilityId: row.facilityId,
        userId: row.userId,
        lifetimeMs: ticketLifetimeMs,
      });
      urls.sso.push(`/singleSignOn?id=${sso.token}`);
      const kiosk = await issueSecret(tx, {
        kind: 'kioskUser',
        facilityId: row.facilityId,
        patientId,
        lifetimeMs: ticketLifetimeMs,
      });
      urls.kioskUser.push(`/patientKioskUserLogin?ptId=${patientId}&data=${kiosk.token}&startIfOnlyOne=true`);
      const link = await issueSecret(tx, { kind: 'link', facilityId: row.facilityId, patientId });
      urls.link.push(`/linkLogin?patientid=${patientId}&data=${link.token}`);
    }
  });
  return urls;
}
