import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../test/helpers';
import { verifyPassword } from '../platform/auth/passwords';
import { prepareDatabase } from '../startup';
import type { Database } from '../db/client';
import { facilities, patients, personalContacts, users } from '../db/schema/index';
import { DEMO_PASSWORD } from './demo';

const DEMO_USERS = ['jane.doe', 'john.smith', 'robert.doe', 'emily.doe', 'alex.rivera', 'kiosk.staff', 'sam.lee'];
const noLog = { info() {} };

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await prepareDatabase(database, testConfig(), noLog, { seed: true });
});
afterAll(async () => {
  await database.close();
});

const demoUsers = () => database.db.select().from(users).where(inArray(users.username, DEMO_USERS));
async function patientOf(username: string) {
  const [row] = await database.db
    .select({ patient: patients })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(eq(users.username, username));
  if (!row) throw new Error(`${username} is not a patient`);
  return row.patient;
}

describe('the demo seed', () => {
  it('creates the demo users with their roles', async () => {
    const rows = await demoUsers();
    expect(rows.map((u) => u.username).sort()).toEqual([...DEMO_USERS].sort());
    const role = Object.fromEntries(rows.map((u) => [u.username, u.role]));
    expect(role).toEqual({
      'jane.doe': 'portalUser',
      'john.smith': 'portalUser',
      'robert.doe': 'portalUser',
      'emily.doe': 'portalUser',
      'alex.rivera': 'portalUser',
      'kiosk.staff': 'kioskManagement',
      'sam.lee': 'portalUser',
    });
    for (const u of rows) expect(u.facilityId).toBe(u.username === 'sam.lee' ? 2 : 1);
  });

  it('stores argon2id hashes of the demo password with the OWASP parameters', async () => {
    expect(DEMO_PASSWORD).toBe('DemoPass#2026');
    for (const u of await demoUsers()) {
      expect(u.passwordHash, u.username).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(u.passwordHash!, 'DemoPass#2026'), u.username).toBe(true);
      expect(await verifyPassword(u.passwordHash!, 'DemoPass#2025'), u.username).toBe(false);
    }
  });

  it('makes jane and john patients of facility 1 with different MRNs', async () => {
    const jane = await patientOf('jane.doe');
    const john = await patientOf('john.smith');
    expect(jane).toMatchObject({ homeFacilityId: 1, firstName: 'Jane', lastName: 'Doe' });
    expect(john).toMatchObject({ homeFacilityId: 1, firstName: 'John', lastName: 'Smith' });
    expect(jane.mrn).toMatch(/\S/);
    expect(john.mrn).toMatch(/\S/);
    expect(jane.mrn).not.toBe(john.mrn);
  });

  it("makes robert.doe an active authorised representative among jane's personal contacts", async () => {
    const jane = await patientOf('jane.doe');
    const [robert] = await database.db.select().from(users).where(eq(users.username, 'robert.doe'));
    const contacts = await database.db.select().from(personalContacts).where(eq(personalContacts.patientId, jane.id));
    expect(contacts).toContainEqual(
      expect.objectContaining({
        firstName: 'Robert',
        lastName: 'Doe',
        authorizedRepresentativeUserId: robert!.id,
        isAuthorizedRepresentativeActive: true,
        isActive: true,
      }),
    );
  });

  it('gives jane a date of birth 58 years before today', async () => {
    const { dateOfBirth } = await patientOf('jane.doe');
    expect(dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
    const today = new Date();
    const birthdayPassed =
      today.getUTCMonth() + 1 > month || (today.getUTCMonth() + 1 === month && today.getUTCDate() >= day);
    const age = today.getUTCFullYear() - year - (birthdayPassed ? 0 : 1);
    expect(today.getUTCFullYear() - year).toBe(58);
    expect([57, 58]).toContain(age);
  });

  it('does not seed twice', async () => {
    await prepareDatabase(database, testConfig(), noLog, { seed: true });
    const [facilityCount] = await database.db.select({ n: count() }).from(facilities);
    expect(facilityCount?.n).toBe(2);
    const [userCount] = await database.db.select({ n: count() }).from(users);
    expect(userCount?.n).toBe(DEMO_USERS.length);
  });
});
