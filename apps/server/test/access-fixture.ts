import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { patients, personalContacts, users } from '../src/db/schema/index';
import type { LoginType } from '../src/platform/auth/sessions';
import { prepareDatabase } from '../src/startup';
import { INTEGRATION_SCOPES } from '@portal/contracts';
import { IntegrationClientsService } from '../src/modules/integration/integration.service';
import type { TestApp } from './helpers';
import { addDays, localDate, startOfLocalDay } from '../src/platform/time/time';

export const CALLER_KINDS = [
  'anonymous',
  'patientA',
  'patientB',
  'representativeOfA',
  'disabledRepresentative',
  'kioskStaff',
  'kioskUserOfA',
  'linkUserOfA',
  // A facility system of patient A's facility with every scope: a token of the integration API.
  'integrationClient',
] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

export interface AccessFixture {
  facilityId: number;
  patientA: number;
  patientB: number;
  /** Linda Doe, a contact of patient A without an account. */
  contactOfA: number;
  userIds: Record<'jane' | 'john' | 'robert' | 'emily' | 'kiosk', number>;
  /** A fresh access token for a kind of caller (null for anonymous), plus its user id (0 when it has none). */
  token(kind: CallerKind): Promise<{ bearer: string | null; userId: number }>;
}

/** How close to the end of the demo's day (New York's) a test file may seed it. */
const DEMO_DAY_END_MARGIN_MS = 3 * 60_000;

/**
 * The demo dates its rows from the day it is seeded on (Riverside's, in New York), with one appointment
 * "later today", at 23:59 when it is late; a test file compares them with the day it asserts on. Seeding in
 * the last minutes of the day waits for the next one, so a file's run does not straddle the change of day.
 */
async function awayFromTheDemoDayEnd(now = new Date()): Promise<void> {
  const zone = 'America/New_York';
  const untilMidnight = startOfLocalDay(addDays(localDate(now, zone), 1), zone).getTime() - now.getTime();
  if (untilMidnight < DEMO_DAY_END_MARGIN_MS)
    await new Promise((resolve) => setTimeout(resolve, untilMidnight + 1_000));
}

/** The demo seed, and a way to log in as each kind of caller of the authorisation matrix. */
export async function seedAccessFixture(t: TestApp): Promise<AccessFixture> {
  await awayFromTheDemoDayEnd();
  await prepareDatabase(t.database, t.config, { info() {} }, { seed: true });
  const db = t.database.db;
  const userId = async (username: string) => {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username));
    if (!row) throw new Error(`no ${username}`);
    return row.id;
  };
  const patientOf = async (uid: number) => {
    const [row] = await db.select({ id: patients.id }).from(patients).where(eq(patients.userId, uid));
    if (!row) throw new Error(`no patient for ${uid}`);
    return row.id;
  };
  const userIds = {
    jane: await userId('jane.doe'),
    john: await userId('john.smith'),
    robert: await userId('robert.doe'),
    emily: await userId('emily.doe'),
    kiosk: await userId('kiosk.staff'),
  };
  const patientA = await patientOf(userIds.jane);
  const patientB = await patientOf(userIds.john);
  const facilityId = 1;
  const [linda] = await db
    .select({ id: personalContacts.id })
    .from(personalContacts)
    .where(eq(personalContacts.firstName, 'Linda'));
  if (!linda) throw new Error('no contact Linda');
  const clients = new IntegrationClientsService(db, (secret) => t.app.deps.sealedTokens.sealSecret(secret));
  const client = await clients.create({
    facility: String(facilityId),
    name: 'Authorisation matrix',
    scopes: INTEGRATION_SCOPES.join(' '),
  });
  const session = async (uid: number | null, patientId: number | null, loginType: LoginType) => {
    const tokens = await t.app.deps.sessions.create(db, { userId: uid, patientId, facilityId, loginType });
    return { bearer: tokens.accessToken, userId: uid ?? 0 };
  };
  return {
    facilityId,
    patientA,
    patientB,
    contactOfA: linda.id,
    userIds,
    token: async (kind) => {
      switch (kind) {
        case 'anonymous':
          return { bearer: null, userId: 0 };
        case 'patientA':
          return session(userIds.jane, null, 'userNamePassword');
        case 'patientB':
          return session(userIds.john, null, 'userNamePassword');
        case 'representativeOfA':
          return session(userIds.robert, null, 'userNamePassword');
        case 'disabledRepresentative':
          return session(userIds.emily, null, 'userNamePassword');
        case 'kioskStaff':
          return session(userIds.kiosk, null, 'patientKioskManagement');
        case 'kioskUserOfA':
          return session(null, patientA, 'patientKioskUser');
        case 'linkUserOfA':
          return session(null, patientA, 'patientLinkUser');
        case 'integrationClient': {
          const issued = await t.app.deps.integration.issue(
            { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret ?? '' },
            [],
          );
          return { bearer: issued.access_token, userId: 0 };
        }
      }
    },
  };
}

export function bearer(token: string | null): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

export type { FastifyInstance };
