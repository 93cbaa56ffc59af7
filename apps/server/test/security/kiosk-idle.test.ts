import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginProfile } from '@portal/contracts';
import { facilities, sessions } from '../../src/db/schema/index';
import type { AccessFixture } from '../access-fixture';
import { expectError, openApiApp, request, type TestApp } from '../api';

// Issue 31, finding 13: kiosk-user sessions kept the personal sessions' limits (30 minutes idle), so a patient who
// walked away from the kiosk left their questionnaires and details open. They now end after the facility's short
// kiosk idle limit (3 minutes unless it says otherwise), and the login profile tells the kiosk page the limit.

let t: TestApp;
let fx: AccessFixture;

beforeAll(async () => {
  ({ t, fx } = await openApiApp());
});
afterAll(async () => {
  await t.database.db.update(facilities).set({ kioskUserIdleMinutes: 3 }).where(eq(facilities.id, fx.facilityId));
  await t?.close();
});

const PROFILE = '/api/patientportaluser/loginprofile';

/** A session that last did something `minutes` ago. */
async function idleFor(token: string, minutes: number) {
  const [row] = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .orderBy(sql`${sessions.id} desc`)
    .limit(1);
  if (!row) throw new Error('no session');
  await t.database.db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.id, row.id));
  return token;
}

describe('a kiosk user who walks away', () => {
  it('gets the facility\u2019s idle limit in the login profile', async () => {
    const { bearer } = await fx.token('kioskUserOfA');
    const res = await request(t, 'GET', PROFILE, { token: bearer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<LoginProfile>().sessionIdleSeconds).toBe(180);
  });

  it('is logged out on the server after 3 idle minutes, while a personal session lives on', async () => {
    const kiosk = await idleFor((await fx.token('kioskUserOfA')).bearer!, 4);
    expectError(await request(t, 'GET', PROFILE, { token: kiosk }), 401, 'unauthorized');
    const personal = await idleFor((await fx.token('patientA')).bearer!, 4);
    const res = await request(t, 'GET', PROFILE, { token: personal });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<LoginProfile>().sessionIdleSeconds).toBeUndefined();
  });

  it('keeps a session that was active within the limit', async () => {
    const kiosk = await idleFor((await fx.token('kioskUserOfA')).bearer!, 2);
    expect((await request(t, 'GET', PROFILE, { token: kiosk })).statusCode).toBe(200);
  });

  it('follows the facility\u2019s own setting for the sessions it starts next', async () => {
    await t.database.db.update(facilities).set({ kioskUserIdleMinutes: 10 }).where(eq(facilities.id, fx.facilityId));
    const kiosk = await idleFor((await fx.token('kioskUserOfA')).bearer!, 4);
    const res = await request(t, 'GET', PROFILE, { token: kiosk });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<LoginProfile>().sessionIdleSeconds).toBe(600);
  });
});
