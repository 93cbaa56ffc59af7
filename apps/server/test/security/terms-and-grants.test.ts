import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capabilityProfiles, patients, users } from '../../src/db/schema/index';
import { forgetModuleGrants } from '../../src/platform/access/module-grants';
import { expectError, expectOk, openApiApp } from '../api';
import type { TestApp } from '../helpers';

// Terms of use and the facility's module grants were enforced only by the browser (issue 10, hardening).

let t: TestApp;
let facilityId: number;

/** A session of a demo user by username, with its patient id. */
async function sessionOf(username: string) {
  const db = t.database.db;
  const [user] = await db.select().from(users).where(eq(users.username, username));
  const [patient] = await db.select().from(patients).where(eq(patients.userId, user!.id));
  const session = await t.app.deps.sessions.create(db, {
    userId: user!.id,
    patientId: null,
    facilityId: user!.facilityId,
    loginType: 'userNamePassword',
  });
  return { userId: user!.id, patientId: patient!.id, facilityId: user!.facilityId, token: session.accessToken };
}

// A session works only on its facility's hosts (issue 31): Riverside is localhost, Lakeside lakeside.localhost.
const get = (url: string, token: string, host = 'localhost') =>
  t.app.inject({ url, headers: { host, authorization: `Bearer ${token}` } });

beforeAll(async () => {
  ({ t } = await openApiApp());
  facilityId = (await sessionOf('jane.doe')).facilityId;
});
afterAll(async () => {
  await t.close();
});

describe('the terms of use, on the server', () => {
  it('shows no record to a user who has not accepted them, and the record once they have', async () => {
    const alex = await sessionOf('alex.rivera');
    await t.database.db.update(users).set({ isEulaAccepted: false }).where(eq(users.id, alex.userId));
    const url = `/api/patients/${alex.patientId}/labresults/published`;
    expectError(await get(url, alex.token), 403, 'terms_not_accepted', {
      message: 'Please accept the terms of use to continue.',
    });
    // The language can be chosen on the terms page itself.
    expectOk(await get(`/api/patients/${alex.patientId}/preferredLanguage`, alex.token));
    await t.database.db.update(users).set({ isEulaAccepted: true }).where(eq(users.id, alex.userId));
    expect(expectOk<unknown[]>(await get(url, alex.token))).toEqual([]);
  });
});

describe("the facility's module grants, on the server", () => {
  it('refuses a module the facility does not grant (sam.lee at Lakeside has no education)', async () => {
    const sam = await sessionOf('sam.lee');
    const lakeside = 'lakeside.localhost';
    expectError(await get(`/api/patients/${sam.patientId}/education`, sam.token, lakeside), 403, 'module_not_granted');
    // A module the facility grants still answers.
    expectOk(await get(`/api/patients/${sam.patientId}/labresults/published`, sam.token, lakeside));
  });

  it('follows the facility when it withdraws a module', async () => {
    const jane = await sessionOf('jane.doe');
    const url = `/api/patients/${jane.patientId}/treatmentSummary/UnseenCount`;
    expectOk(await get(url, jane.token));
    const where = and(eq(capabilityProfiles.facilityId, facilityId), eq(capabilityProfiles.audience, 'patient'));
    const [profile] = await t.database.db.select().from(capabilityProfiles).where(where);
    const without = profile!.modules.filter((m) => m.moduleName !== 'TreatmentSummary');
    await t.database.db.update(capabilityProfiles).set({ modules: without }).where(where);
    forgetModuleGrants();
    try {
      expectError(await get(url, jane.token), 403, 'module_not_granted');
    } finally {
      await t.database.db.update(capabilityProfiles).set({ modules: profile!.modules }).where(where);
      forgetModuleGrants();
    }
  });
});
