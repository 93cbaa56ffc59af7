import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InvitationCreatedSchema,
  PersonalContactSchema,
  type ContactUpsert,
  type ErrorBody,
  type PersonalContact,
} from '@portal/contracts';
import { z } from 'zod';
import type { AccessFixture } from '../../../test/access-fixture';
import {
  expectError,
  expectNoContent,
  expectOk,
  nextIp,
  openApiApp,
  openSecondApp,
  request,
  type ApiCaller,
  type Method,
  type TestApp,
} from '../../../test/api';
import { resolveAppSecret } from '../../config';
import {
  auditEvents,
  capabilityProfiles,
  invitationPinCopies,
  mailOutbox,
  oneTimeSecrets,
  personalContacts,
  sessions,
  users,
  type CapabilityModule,
} from '../../db/schema/index';
import { DEMO_PASSWORD, DEMO_SECRETS } from '../../demo/demo';
import { RELATIONSHIP_IDS } from '../../db/seed/lookups';
import { issueSecret } from '../../platform/auth/one-time-secrets';
import { verifyPassword } from '../../platform/auth/passwords';
import { hashSecret } from '../../platform/auth/secrets';
import { SealedTokens } from '../../platform/auth/sealed-tokens';
import { grantsField, packOfLanguageCode } from './contacts.shared';
import { PIN_PDF_TOKEN_MS } from './invitations.service';
import { pdfFonts, pdfInfo, pdfText } from '../../../test/pdf-text';
import { renderPinLetter } from './pin-letter';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let api: ApiCaller;
const ids = { robert: 0, emily: 0, linda: 0 };
/** Links in mails: Riverside's canonical alias with the configured port (3000 in tests), never the request's Host. */
const RIVERSIDE_BASE = 'http://localhost:3000';

beforeAll(async () => {
  ({ t, fx, db, api } = await openApiApp());
  target = t;
  const rows = await db.select().from(personalContacts).where(eq(personalContacts.patientId, fx.patientA));
  const idOf = (name: string) => rows.find((r) => r.firstName === name)!.id;
  ids.robert = idOf('Robert');
  ids.emily = idOf('Emily');
  ids.linda = idOf('Linda');
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

/** The app `call` talks to: the file's app, or one of a describe block's own (see withOwnApp). */
let target: TestApp;

/** A request with a bearer token (none when null), each from a client address of its own. */
const call = (method: Method, url: string, token: string | null, body?: unknown) =>
  request(target, method, url, { token, body });

/**
 * Sends the `call`s of a describe block to an app of its own on the same database. Mail limits count in each
 * app's memory (Jane may cause 20 mails an hour), so a block that sends many invitations starts from zero
 * rather than from what earlier blocks spent.
 */
function withOwnApp() {
  let own: TestApp | undefined;
  beforeAll(async () => {
    own = await openSecondApp(t, {});
    target = own;
  });
  afterAll(async () => {
    target = t;
    await own?.close();
  });
}

const contactsUrl = (patientId = fx.patientA) => `/api/patients/${patientId}/contacts`;

async function listAs(kind: Parameters<AccessFixture['token']>[0]): Promise<PersonalContact[]> {
  const res = await call('GET', contactsUrl(), await api.tokenOf(kind));
  expect(res.statusCode, res.body).toBe(200);
  return z.array(PersonalContactSchema.strict()).parse(res.json());
}

const contactRow = (id: number) =>
  db
    .select()
    .from(personalContacts)
    .where(eq(personalContacts.id, id))
    .then((rows) => rows[0]!);

const auditsOf = (eventType: string) =>
  db.select().from(auditEvents).where(eq(auditEvents.eventType, eventType)).orderBy(desc(auditEvents.id));

const mailsTo = (address: string) =>
  db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(desc(mailOutbox.id));

const invitationsOf = (contactId: number) =>
  db
    .select()
    .from(oneTimeSecrets)
    .where(and(eq(oneTimeSecrets.kind, 'invitation'), eq(oneTimeSecrets.personalContactId, contactId)))
    .orderBy(desc(oneTimeSecrets.id));

let contactCounter = 0;

/** A contact body for PUT: a new friend of Jane's unless told otherwise. */
function contactBody(extra: Partial<ContactUpsert> = {}): ContactUpsert {
  contactCounter += 1;
  return {
    contactId: 0,
    contactFirstName: `Friend${contactCounter}`,
    contactLastName: 'Tester',
    relationshipId: 16,
    communicationLanguageId: 1,
    contactEmail: `friend${contactCounter}@example.com`,
    ...extra,
  };
}

async function saveContact(body: ContactUpsert, kind: Parameters<AccessFixture['token']>[0] = 'patientA') {
  const res = await call('PUT', contactsUrl(), await api.tokenOf(kind), body);
  expect(res.statusCode, res.body).toBe(200);
  return PersonalContactSchema.strict().parse(res.json());
}

/** Sets a field tree of the Riverside patient capability profile for one test. */
async function withPatientCapabilities(edit: (dashboard: CapabilityModule) => void, work: () => Promise<void>) {
  const where = and(eq(capabilityProfiles.facilityId, fx.facilityId), eq(capabilityProfiles.audience, 'patient'));
  const [row] = await db.select().from(capabilityProfiles).where(where);
  const original = row!.modules;
  const changed = structuredClone(original);
  edit(changed.find((m) => m.moduleName === 'Dashboard')!);
  await db.update(capabilityProfiles).set({ modules: changed }).where(where);
  try {
    await work();
  } finally {
    await db.update(capabilityProfiles).set({ modules: original }).where(where);
  }
}

/** A contact of patient B (John), to prove nobody else reaches it. */
async function johnsContact(): Promise<number> {
  const [row] = await db
    .insert(personalContacts)
    .values({
      patientId: fx.patientB,
      firstName: 'Rosa',
      lastName: 'Smith',
      relationship: 'Spouse',
      relationshipId: RELATIONSHIP_IDS.spouse,
      contactEmail: 'rosa.smith@example.com',
      communicationLanguageId: 2,
    })
    .returning({ id: personalContacts.id });
  return row!.id;
}

/* -------------------------------------------------------------------- list */

describe('GET /api/patients/:patientId/contacts', () => {
  it("lists Jane's active contacts by first then last name, with their invitation and account", async () => {
    const list = await listAs('patientA');
    expect(list.map((c) => `${c.contactFirstName} ${c.contactLastName}`)).toEqual([
      'Emily Doe',
      'Linda Doe',
      'Michael Doe',
      'Robert Doe',
    ]);
    const [emily, linda, michael, robert] = list;
    expect(michael).toMatchObject({
      relationship: 'Brother',
      invitationId: expect.any(Number),
      isInvitationLocked: false,
      isInvitationExpired: false,
      userInfo: null,
    });
    expect(robert).toMatchObject({
      contactId: ids.robert,
      patientId: fx.patientA,
      relationshipId: RELATIONSHIP_IDS.spouse,
      relationship: 'Spouse',
      isPrimaryContact: true,
      isNextOfKin: true,
      providesTransport: true,
      usePatientAddress: true,
      address1: '214 Willow Bend Road',
      mobilePhone: '5185550163',
      isOkToLeaveMsgMobile: true,
      contactEmail: 'robert.doe@example.com',
      preferredCommunicationId: 3,
      communicationLanguageId: 1,
      isActive: true,
      isAuthorizedRepresentativeActive: true,
      authorizedRepresentativeUserId: fx.userIds.robert,
      invitationId: null,
      isInvitationLocked: false,
      isInvitationExpired: false,
      userInfo: {
        userName: 'robert.doe',
        isEmailConfirmed: true,
        isLockedOut: false,
        minutesLeftBeforeLockoutExpires: 0,
      },
    });
    expect(emily).toMatchObject({
      relationship: 'Daughter',
      isAuthorizedRepresentativeActive: false,
      authorizedRepresentativeUserId: fx.userIds.emily,
      userInfo: { userName: 'emily.doe', isLockedOut: false },
    });
    const [seededInvitation] = await invitationsOf(ids.linda);
    expect(linda).toMatchObject({
      relationship: 'Sister',
      authorizedRepresentativeUserId: null,
      invitationId: seededInvitation!.id,
      isInvitationLocked: false,
      isInvitationExpired: false,
      userInfo: null,
    });
  });

  it('gives a representative the list without the accounts of the others', async () => {
    const list = await listAs('representativeOfA');
    expect(list).toHaveLength(4);
    expect(list.every((c) => c.userInfo === null)).toBe(true);
    expect(list.find((c) => c.contactId === ids.robert)!.authorizedRepresentativeUserId).toBe(fx.userIds.robert);
  });

  it('reports a locked representative with the minutes left, rounded up', async () => {
    await db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() + 90_000) })
      .where(eq(users.id, fx.userIds.robert));
    try {
      const robert = (await listAs('patientA')).find((c) => c.contactId === ids.robert)!;
      expect(robert.userInfo).toMatchObject({ isLockedOut: true, minutesLeftBeforeLockoutExpires: 2 });
    } finally {
      await db.update(users).set({ lockedUntil: null }).where(eq(users.id, fx.userIds.robert));
    }
  });

  it('flags the newest invitation as locked or expired', async () => {
    const locked = await saveContact(contactBody({ contactFirstName: 'Lockie' }));
    const expired = await saveContact(contactBody({ contactFirstName: 'Exie' }));
    const issue = (contactId: number, extra: Partial<Parameters<typeof issueSecret>[1]> = {}) =>
      issueSecret(db, {
        kind: 'invitation',
        facilityId: fx.facilityId,
        patientId: fx.patientA,
        personalContactId: contactId,
        withPin: true,
        ...extra,
      });
    const old = await issue(locked.contactId, { now: new Date(Date.now() - 60_000) });
    const newest = await issue(locked.contactId);
    await db.update(oneTimeSecrets).set({ failedAttempts: 5 }).where(eq(oneTimeSecrets.id, newest.id));
    await issue(expired.contactId, { now: new Date(Date.now() - 20 * 86_400_000) });

    const list = await listAs('patientA');
    expect(list.find((c) => c.contactId === locked.contactId)).toMatchObject({
      invitationId: newest.id,
      isInvitationLocked: true,
      isInvitationExpired: false,
    });
    expect(newest.id).not.toBe(old.id);
    expect(list.find((c) => c.contactId === expired.contactId)).toMatchObject({
      isInvitationLocked: false,
      isInvitationExpired: true,
    });
  });

  it('leaves out inactive contacts and the contacts of other patients', async () => {
    const gone = await saveContact(contactBody({ contactFirstName: 'Gone' }));
    await db.update(personalContacts).set({ isActive: false }).where(eq(personalContacts.id, gone.contactId));
    const rosa = await johnsContact();
    const ids = (await listAs('patientA')).map((c) => c.contactId);
    expect(ids).not.toContain(gone.contactId);
    expect(ids).not.toContain(rosa);
    const res = await call('GET', contactsUrl(fx.patientB), await api.tokenOf('patientB'));
    expect(res.json<PersonalContact[]>().map((c) => c.contactId)).toEqual([rosa]);
  });

  it('is 404 for patient B and 403 for a kiosk user', async () => {
    expectError(await call('GET', contactsUrl(), await api.tokenOf('patientB')), 404, 'not_found');
    expectError(await call('GET', contactsUrl(), await api.tokenOf('kioskUserOfA')), 403, 'forbidden');
  });
});

/* --------------------------------------------------------------------- save */

describe('PUT /api/patients/:patientId/contacts', () => {
  it('adds a contact: trimmed names, the relationship text, digits-only phones', async () => {
    const res = await call('PUT', contactsUrl(), await api.tokenOf('patientA'), {
      contactFirstName: '  Maya ',
      contactLastName: ' Lopez  ',
      suffix: '',
      relationshipId: 16,
      homePhone: '5185550101',
      mobilePhone: '',
      isOkToLeaveMsgHome: true,
      address1: ' 12 Pine Street ',
      city: 'Albany',
      state: 'New York',
      country: 'United States',
      zipCode: '12207',
      contactEmail: ' maya.lopez@example.com ',
      preferredCommunicationId: 1,
      communicationLanguageId: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = PersonalContactSchema.strict().parse(res.json());
    expect(saved).toMatchObject({
      contactId: expect.any(Number),
      patientId: fx.patientA,
      contactFirstName: 'Maya',
      contactLastName: 'Lopez',
      suffix: null,
      relationshipId: 16,
      relationship: 'Friend',
      isPrimaryContact: false,
      usePatientAddress: false,
      address1: '12 Pine Street',
      homePhone: '5185550101',
      mobilePhone: null,
      isOkToLeaveMsgHome: true,
      contactEmail: 'maya.lopez@example.com',
      preferredCommunicationId: 1,
      communicationLanguageId: 2,
      isActive: true,
      isAuthorizedRepresentativeActive: false,
      authorizedRepresentativeUserId: null,
      invitationId: null,
      userInfo: null,
    });
    const row = await contactRow(saved.contactId);
    expect(row).toMatchObject({ patientId: fx.patientA, firstName: 'Maya', relationship: 'Friend', isActive: true });
    const [audit] = await auditsOf('contactaddauditevent');
    expect(audit).toMatchObject({
      actorUserId: fx.userIds.jane,
      patientId: fx.patientA,
      facilityId: fx.facilityId,
      loginType: 'userNamePassword',
      detail: { contactId: saved.contactId, relationship: 'self' },
    });
    expect((await listAs('patientA')).map((c) => c.contactId)).toContain(saved.contactId);
  });

  it('changes a contact of the patient', async () => {
    const added = await saveContact(contactBody({ contactFirstName: 'Changing' }));
    const changed = await saveContact(
      contactBody({
        contactId: added.contactId,
        contactFirstName: 'Changed',
        contactLastName: 'Person',
        suffix: 'Jr.',
        relationshipId: RELATIONSHIP_IDS.sister,
        workPhone: '5550199',
        isOkToLeaveMsgWork: true,
        providesTransport: true,
        contactEmail: null,
      }),
    );
    expect(changed).toMatchObject({
      contactId: added.contactId,
      contactFirstName: 'Changed',
      contactLastName: 'Person',
      suffix: 'Jr.',
      relationship: 'Sister',
      workPhone: '5550199',
      isOkToLeaveMsgWork: true,
      providesTransport: true,
      contactEmail: null,
    });
    const row = await contactRow(added.contactId);
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
    const [audit] = await auditsOf('contacteditauditevent');
    expect(audit!.detail).toMatchObject({ contactId: added.contactId });
  });

  it("copies the patient's address when usePatientAddress is ticked", async () => {
    const saved = await saveContact(
      contactBody({ usePatientAddress: true, address1: 'Somewhere else 1', city: 'Elsewhere', zipCode: '99999' }),
    );
    expect(saved).toMatchObject({
      usePatientAddress: true,
      address1: '214 Willow Bend Road',
      address2: null,
      city: 'Riverside',
      state: 'New York',
      country: 'United States',
      zipCode: '12210',
    });
  });

  it('makes the new primary contact the only one, in the same transaction', async () => {
    const primary = await saveContact(contactBody({ contactFirstName: 'Prime', isPrimaryContact: true }));
    expect(primary.isPrimaryContact).toBe(true);
    expect((await contactRow(ids.robert)).isPrimaryContact).toBe(false);
    const primaries = (await listAs('patientA')).filter((c) => c.isPrimaryContact);
    expect(primaries.map((c) => c.contactId)).toEqual([primary.contactId]);
    const [audit] = await auditsOf('contactaddauditevent');
    expect(audit!.detail).toMatchObject({ contactId: primary.contactId, primaryFrom: [ids.robert] });

    // Robert again, by editing him.
    const robert = (await listAs('patientA')).find((c) => c.contactId === ids.robert)!;
    const { invitationId: _i, isInvitationLocked: _l, isInvitationExpired: _e, userInfo: _u, ...rest } = robert;
    const { patientId: _p, relationship: _r, isActive: _a, isAuthorizedRepresentativeActive: _ra, ...editable } = rest;
    const { authorizedRepresentativeUserId: _ru, ...body } = editable;
    const again = await saveContact({
      ...body,
      relationshipId: body.relationshipId!,
      communicationLanguageId: 1,
      isPrimaryContact: true,
    });
    expect(again.isPrimaryContact).toBe(true);
    expect((await contactRow(primary.contactId)).isPrimaryContact).toBe(false);
  });

  it('keeps the old primary contact when the save fails after the switch', async () => {
    await db.execute(sql`
      CREATE FUNCTION test_fail_contact_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused'; END $$`);
    await db.execute(sql`
      CREATE TRIGGER test_fail_contact_add BEFORE INSERT ON audit_events FOR EACH ROW
      WHEN (NEW.event_type = 'contactaddauditevent') EXECUTE FUNCTION test_fail_contact_add()`);
    try {
      const body = contactBody({ contactFirstName: 'Rolledback', isPrimaryContact: true });
      const res = await call('PUT', contactsUrl(), await api.tokenOf('patientA'), body);
      expect(res.statusCode).toBe(500);
      expect((await contactRow(ids.robert)).isPrimaryContact).toBe(true);
      const rows = await db.select().from(personalContacts).where(eq(personalContacts.firstName, 'Rolledback'));
      expect(rows).toEqual([]);
    } finally {
      await db.execute(sql`DROP TRIGGER test_fail_contact_add ON audit_events`);
      await db.execute(sql`DROP FUNCTION test_fail_contact_add()`);
    }
  });

  it('answers primary_contact_exists when another save made a different contact primary meanwhile', async () => {
    // Stands in for a concurrent save: another contact becomes primary inside this save's transaction.
    await db.execute(
      sql.raw(`
      CREATE FUNCTION test_race_primary() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE personal_contacts SET is_primary_contact = true WHERE id = ${ids.emily}; RETURN NEW; END $$`),
    );
    await db.execute(sql`
      CREATE TRIGGER test_race_primary BEFORE INSERT ON audit_events FOR EACH ROW
      WHEN (NEW.event_type = 'contactaddauditevent') EXECUTE FUNCTION test_race_primary()`);
    try {
      const body = contactBody({ contactFirstName: 'Racer', isPrimaryContact: true });
      expectError(await call('PUT', contactsUrl(), await api.tokenOf('patientA'), body), 400, 'primary_contact_exists');
      expect((await contactRow(ids.robert)).isPrimaryContact).toBe(true);
      expect((await contactRow(ids.emily)).isPrimaryContact).toBe(false);
    } finally {
      await db.execute(sql`DROP TRIGGER test_race_primary ON audit_events`);
      await db.execute(sql`DROP FUNCTION test_race_primary()`);
    }
  });

  it('withdraws open invitations when the email changes', async () => {
    const friend = await saveContact(contactBody({ contactFirstName: 'Mover' }));
    const invite = await call(
      'POST',
      `/api/invitations/contact/${friend.contactId}/invite`,
      await api.tokenOf('patientA'),
    );
    expect(invite.statusCode, invite.body).toBe(200);
    const same = await saveContact(
      contactBody({
        contactId: friend.contactId,
        contactFirstName: 'Mover',
        contactEmail: friend.contactEmail!.toUpperCase(),
      }),
    );
    expect(same).toMatchObject({ isInvitationExpired: false });
    const moved = await saveContact(
      contactBody({ contactId: friend.contactId, contactFirstName: 'Mover', contactEmail: 'moved@example.com' }),
    );
    expect(moved).toMatchObject({
      invitationId: invite.json<{ invitationId: number }>().invitationId,
      isInvitationExpired: true,
    });
    const [audit] = await auditsOf('contacteditauditevent');
    expect(audit!.detail).toMatchObject({ invitationsWithdrawn: [moved.invitationId] });
  });

  it("answers 404 for another patient's contact and changes nothing", async () => {
    const rosa = await johnsContact();
    const before = await contactRow(rosa);
    const res = await call(
      'PUT',
      contactsUrl(),
      await api.tokenOf('patientA'),
      contactBody({ contactId: rosa, contactFirstName: 'Hijacked' }),
    );
    expectError(res, 404, 'not_found');
    expect(await contactRow(rosa)).toEqual(before);
    expectError(
      await call('PUT', contactsUrl(), await api.tokenOf('patientA'), contactBody({ contactId: 999_999 })),
      404,
      'not_found',
    );
  });

  it("lets neither the representative nor patient B write Jane's contacts", async () => {
    const before = await db.select().from(personalContacts).orderBy(personalContacts.id);
    const robertBody = contactBody({ contactId: ids.robert, contactFirstName: 'Bob' });
    expectError(await call('PUT', contactsUrl(), await api.tokenOf('representativeOfA'), robertBody), 403, 'forbidden');
    expectError(await call('PUT', contactsUrl(), await api.tokenOf('patientB'), robertBody), 404, 'not_found');
    expectError(
      await call('PUT', contactsUrl(), await api.tokenOf('representativeOfA'), contactBody()),
      403,
      'forbidden',
    );
    expectError(await call('PUT', contactsUrl(), await api.tokenOf('linkUserOfA'), contactBody()), 403, 'forbidden');
    expect(await db.select().from(personalContacts).orderBy(personalContacts.id)).toEqual(before);
  });

  it('validates the body', async () => {
    const token = await api.tokenOf('patientA');
    const put = (body: unknown) => call('PUT', contactsUrl(), token, body);
    expectError(await put(contactBody({ contactFirstName: '   ' })), 400, 'validation_failed', 'contactFirstName');
    const { relationshipId: _r, ...noRelationship } = contactBody();
    expectError(await put(noRelationship), 400, 'validation_failed', 'relationshipId');
    const { communicationLanguageId: _l, ...noLanguage } = contactBody();
    expectError(await put(noLanguage), 400, 'validation_failed', 'communicationLanguageId');
    expectError(await put(contactBody({ contactEmail: 'not-an-email' })), 400, 'validation_failed', 'contactEmail');
    expectError(await put(contactBody({ zipCode: '1'.repeat(21) })), 400, 'validation_failed', 'zipCode');
    expectError(await put(contactBody({ homePhone: '12345' })), 400, 'validation_failed', 'homePhone');
    expectError(await put({ ...contactBody(), isActive: false }), 400, 'validation_failed');
    expectError(await put(contactBody({ relationshipId: 999 })), 400, 'validation_failed', 'relationshipId');
    expectError(
      await put(contactBody({ communicationLanguageId: 999 })),
      400,
      'validation_failed',
      'communicationLanguageId',
    );
    expectError(
      await put(contactBody({ preferredCommunicationId: 999 })),
      400,
      'validation_failed',
      'preferredCommunicationId',
    );
  });

  it('needs the AddContact capability', async () => {
    await withPatientCapabilities(
      (dashboard) => {
        dashboard.details = dashboard.details.filter((d) => d.fieldName !== 'AddContact');
      },
      async () => {
        expectError(await call('PUT', contactsUrl(), await api.tokenOf('patientA'), contactBody()), 403, 'forbidden');
      },
    );
  });
});

/* ------------------------------------------------------- access, unlock, reset */

describe('POST /api/patients/:patientId/contacts/:contactId?authorized=', () => {
  const accessUrl = (contactId: number, authorized: boolean) =>
    `${contactsUrl()}/${contactId}?authorized=${authorized}`;

  it("disables a representative's access from their next call, and enables it again", async () => {
    const robert = await api.tokenOf('representativeOfA');
    expect((await call('GET', contactsUrl(), robert)).statusCode).toBe(200);

    expectNoContent(await call('POST', accessUrl(ids.robert, false), await api.tokenOf('patientA')));
    expect((await contactRow(ids.robert)).isAuthorizedRepresentativeActive).toBe(false);
    expectError(await call('GET', contactsUrl(), robert), 404, 'not_found');
    const [disabled] = await auditsOf('contactaccessdisabledauditevent');
    expect(disabled).toMatchObject({
      actorUserId: fx.userIds.jane,
      patientId: fx.patientA,
      detail: { contactId: ids.robert, representativeUserId: fx.userIds.robert },
    });

    expectNoContent(await call('POST', accessUrl(ids.robert, true), await api.tokenOf('patientA')));
    expect((await contactRow(ids.robert)).isAuthorizedRepresentativeActive).toBe(true);
    expect((await call('GET', contactsUrl(), robert)).statusCode).toBe(200);
    const [enabled] = await auditsOf('contactaccessenabledauditevent');
    expect(enabled!.detail).toMatchObject({ contactId: ids.robert });
  });

  it('answers no_account for a contact without an account', async () => {
    expectError(await call('POST', accessUrl(ids.linda, true), await api.tokenOf('patientA')), 400, 'no_account');
  });

  it('lets only the patient change access, for their own contacts', async () => {
    expectError(
      await call('POST', accessUrl(ids.emily, true), await api.tokenOf('representativeOfA')),
      403,
      'forbidden',
    );
    expectError(await call('POST', accessUrl(ids.emily, true), await api.tokenOf('patientB')), 404, 'not_found');
    const rosa = await johnsContact();
    expectError(await call('POST', accessUrl(rosa, true), await api.tokenOf('patientA')), 404, 'not_found');
    expect((await contactRow(ids.emily)).isAuthorizedRepresentativeActive).toBe(false);
    expectError(
      await call('POST', `${contactsUrl()}/${ids.emily}`, await api.tokenOf('patientA')),
      400,
      'validation_failed',
      'authorized',
    );
  });
});

describe('POST /api/patients/:patientId/contacts/:contactId/UnlockAccount', () => {
  it("clears the representative's lockout", async () => {
    await db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() + 600_000), failedLoginCount: 3 })
      .where(eq(users.id, fx.userIds.robert));
    expectNoContent(await call('POST', `${contactsUrl()}/${ids.robert}/UnlockAccount`, await api.tokenOf('patientA')));
    const [user] = await db.select().from(users).where(eq(users.id, fx.userIds.robert));
    expect(user).toMatchObject({ lockedUntil: null, failedLoginCount: 0 });
    const [audit] = await auditsOf('contactunlockaccountauditevent');
    expect(audit!.detail).toMatchObject({ contactId: ids.robert, representativeUserId: fx.userIds.robert });
  });

  it('answers no_account, 403 and 404 as the other account actions do', async () => {
    const url = (id: number) => `${contactsUrl()}/${id}/UnlockAccount`;
    expectError(await call('POST', url(ids.linda), await api.tokenOf('patientA')), 400, 'no_account');
    expectError(await call('POST', url(ids.robert), await api.tokenOf('representativeOfA')), 403, 'forbidden');
    expectError(await call('POST', url(ids.robert), await api.tokenOf('patientB')), 404, 'not_found');
  });
});

describe('POST /api/patients/:patientId/contacts/:contactId/ResetPassword', () => {
  const url = (id: number, query = '') => `${contactsUrl()}/${id}/ResetPassword${query}`;

  it('mails the representative a temporary password that works beside the current one', async () => {
    expectNoContent(await call('POST', url(ids.robert), await api.tokenOf('patientA')));
    const [user] = await db.select().from(users).where(eq(users.id, fx.userIds.robert));
    expect(user!.temporaryPasswordExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const [mail] = await mailsTo('robert.doe@example.com');
    expect(mail!.subject).toBe('A temporary password for your Riverside Patient Portal account');
    expect(mail!.textBody).toContain(
      'Jane Doe asked for a new password for your Riverside Patient Portal account robert.doe.',
    );
    const lines = mail!.textBody.split('\n');
    expect(lines).toContain(`${RIVERSIDE_BASE}/login`);
    const temporary = lines[lines.findIndex((l) => l === 'Your temporary password is:') + 2]!;
    expect(temporary).toHaveLength(14);
    expect(await verifyPassword(user!.temporaryPasswordHash!, temporary)).toBe(true);
    expect(await verifyPassword(user!.passwordHash!, DEMO_PASSWORD)).toBe(true);
    const [audit] = await auditsOf('contactpasswordresetauditevent');
    expect(audit).toMatchObject({ actorUserId: fx.userIds.jane, detail: { contactId: ids.robert } });

    // The temporary password is recognised, and only leads to choosing a new one.
    const login = await t.app.inject({
      method: 'POST',
      url: '/token',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: 'robert.doe', password: temporary }).toString(),
    });
    expect(login.statusCode, login.body).toBe(400);
    expect(login.json<ErrorBody>().error).toBe('password_change_required');
  });

  it("writes in the representative's own language", async () => {
    await db.update(users).set({ preferredLanguage: 'fr-CA' }).where(eq(users.id, fx.userIds.robert));
    try {
      expectNoContent(await call('POST', url(ids.robert, '?language=es-MX'), await api.tokenOf('patientA')));
      const [mail] = await mailsTo('robert.doe@example.com');
      expect(mail!.subject).toBe('Un mot de passe temporaire pour votre compte Riverside Patient Portal');
    } finally {
      await db.update(users).set({ preferredLanguage: null }).where(eq(users.id, fx.userIds.robert));
    }
  });

  it('refuses when the email is not confirmed, and for a contact without an account', async () => {
    await db.update(users).set({ isEmailConfirmed: false }).where(eq(users.id, fx.userIds.emily));
    try {
      const before = (await mailsTo('emily.doe@example.com')).length;
      expectError(
        await call('POST', url(ids.emily), await api.tokenOf('patientA')),
        400,
        'resetContactPasswordEmailNotConfirmed',
      );
      expect(await mailsTo('emily.doe@example.com')).toHaveLength(before);
    } finally {
      await db.update(users).set({ isEmailConfirmed: true }).where(eq(users.id, fx.userIds.emily));
    }
    expectError(await call('POST', url(ids.linda), await api.tokenOf('patientA')), 400, 'no_account');
  });

  it('refuses a single sign-on account', async () => {
    await db.update(users).set({ isSingleSignOn: true }).where(eq(users.id, fx.userIds.emily));
    try {
      expectError(await call('POST', url(ids.emily), await api.tokenOf('patientA')), 400, 'contactPasswordResetFailed');
    } finally {
      await db.update(users).set({ isSingleSignOn: false }).where(eq(users.id, fx.userIds.emily));
    }
  });

  it('lets only the patient reset', async () => {
    expectError(await call('POST', url(ids.robert), await api.tokenOf('representativeOfA')), 403, 'forbidden');
    expectError(await call('POST', url(ids.robert), await api.tokenOf('patientB')), 404, 'not_found');
  });
});

/* -------------------------------------------------------------- invitations */

describe('GET /api/invitations/contact/:contactId/checkArInviteExists', () => {
  const url = (id: number) => `/api/invitations/contact/${id}/checkArInviteExists`;

  it('is true only while the newest invitation can be accepted', async () => {
    const token = await api.tokenOf('patientA');
    expect((await call('GET', url(ids.linda), token)).json()).toEqual({ exists: true });
    expect((await call('GET', url(ids.robert), token)).json()).toEqual({ exists: false });
    const friend = await saveContact(contactBody({ contactFirstName: 'Checky' }));
    expect((await call('GET', url(friend.contactId), token)).json()).toEqual({ exists: false });
    const invite = await call('POST', `/api/invitations/contact/${friend.contactId}/invite`, token);
    expect((await call('GET', url(friend.contactId), token)).json()).toEqual({ exists: true });
    await db
      .update(oneTimeSecrets)
      .set({ failedAttempts: 5 })
      .where(eq(oneTimeSecrets.id, invite.json<{ invitationId: number }>().invitationId));
    expect((await call('GET', url(friend.contactId), token)).json()).toEqual({ exists: false });
  });

  it('is for the patient only', async () => {
    expectError(await call('GET', url(ids.linda), await api.tokenOf('representativeOfA')), 403, 'forbidden');
    expectError(await call('GET', url(ids.linda), await api.tokenOf('patientB')), 404, 'not_found');
    expectError(await call('GET', url(999_999), await api.tokenOf('patientA')), 404, 'not_found');
  });
});

describe('POST /api/invitations/contact/:contactId/invite', () => {
  const url = (id: number, query = '') => `/api/invitations/contact/${id}/invite${query}`;

  it('issues a new invitation, mails the link without the PIN and answers the PIN once', async () => {
    const [seeded] = await invitationsOf(ids.linda);
    const token = await api.tokenOf('patientA');
    const res = await call('POST', url(ids.linda), token);
    expect(res.statusCode, res.body).toBe(200);
    const body = InvitationCreatedSchema.strict().parse(res.json());
    expect(body).toMatchObject({ pin: expect.stringMatching(/^\d{6}$/), email: 'linda.doe@example.com' });

    const [issued, old] = await invitationsOf(ids.linda);
    expect(issued).toMatchObject({
      id: body.invitationId,
      patientId: fx.patientA,
      personalContactId: ids.linda,
      email: 'linda.doe@example.com',
      facilityId: fx.facilityId,
      usedAt: null,
      pinHash: hashSecret(body.pin),
    });
    expect(issued!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    // The earlier invitation no longer works.
    expect(old!.id).toBe(seeded!.id);
    expect(old!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    const verifyOld = await t.app.inject({
      url: `/api/authRep/signup/verifyInvitationToken/${DEMO_SECRETS.invitationPin}/${DEMO_SECRETS.invitationToken}`,
      remoteAddress: nextIp(),
    });
    expectError(verifyOld, 400, 'pin_expired');

    const [mail] = await mailsTo('linda.doe@example.com');
    expect(mail!.subject).toBe('Your invitation to Riverside Patient Portal');
    expect(mail!.textBody).toContain('Hello Linda,');
    expect(mail!.textBody).toContain('Jane Doe has invited you to be their authorized representative');
    const link = /^(\S+)\/auth-rep-sign-up\?u=(\S+)$/m.exec(mail!.textBody);
    expect(link).not.toBeNull();
    expect(link![1]).toBe(RIVERSIDE_BASE);
    expect(hashSecret(decodeURIComponent(link![2]!))).toBe(issued!.tokenHash);
    expect(mail!.textBody).not.toContain(body.pin);
    expect(mail!.htmlBody).not.toContain(body.pin);
    expect(mail!.htmlBody).toContain('/auth-rep-sign-up?u=');

    const [audit] = await auditsOf('contactinviteauditevent');
    expect(audit).toMatchObject({
      actorUserId: fx.userIds.jane,
      patientId: fx.patientA,
      detail: { contactId: ids.linda, invitationId: body.invitationId, invitationsWithdrawn: [seeded!.id] },
    });
    expect(JSON.stringify(audit)).not.toContain(body.pin);

    const linda = (await listAs('patientA')).find((c) => c.contactId === ids.linda)!;
    expect(linda).toMatchObject({ invitationId: body.invitationId, isInvitationExpired: false });
  });

  it("writes in the contact's communication language, else in ?language", async () => {
    const spanish = await saveContact(contactBody({ contactFirstName: 'Lucia', communicationLanguageId: 2 }));
    expect(
      (await call('POST', url(spanish.contactId, '?language=fr-CA'), await api.tokenOf('patientA'))).statusCode,
    ).toBe(200);
    expect((await mailsTo(spanish.contactEmail!))[0]!.subject).toBe('Su invitación a Riverside Patient Portal');

    const vietnamese = await saveContact(contactBody({ contactFirstName: 'Minh', communicationLanguageId: 6 }));
    expect(
      (await call('POST', url(vietnamese.contactId, '?language=pt-BR'), await api.tokenOf('patientA'))).statusCode,
    ).toBe(200);
    expect((await mailsTo(vietnamese.contactEmail!))[0]!.subject).toBe('Seu convite para o Riverside Patient Portal');
  });

  it('needs an email, and a contact without an account', async () => {
    const noEmail = await saveContact(contactBody({ contactFirstName: 'Noemail', contactEmail: null }));
    expectError(
      await call('POST', url(noEmail.contactId), await api.tokenOf('patientA')),
      400,
      'contactEmailRequiredForInvite',
    );
    expectError(await call('POST', url(ids.robert), await api.tokenOf('patientA')), 400, 'already_authorized');
    expect(await invitationsOf(noEmail.contactId)).toEqual([]);
    expect(await invitationsOf(ids.robert)).toEqual([]);
  });

  it('answers failedSendingEmail and saves nothing when the mail cannot be queued', async () => {
    const friend = await saveContact(contactBody({ contactFirstName: 'Bracket' }));
    expect((await call('POST', url(friend.contactId), await api.tokenOf('patientA'))).statusCode).toBe(200);
    const [first] = await invitationsOf(friend.contactId);
    // A bracketed address is a valid email but cannot go into a mail header.
    await db
      .update(personalContacts)
      .set({ contactEmail: 'bracket@[127.0.0.1]' })
      .where(eq(personalContacts.id, friend.contactId));
    expectError(await call('POST', url(friend.contactId), await api.tokenOf('patientA')), 400, 'failedSendingEmail');
    const after = await invitationsOf(friend.contactId);
    expect(after).toHaveLength(1);
    expect(after[0]).toEqual(first);
  });

  it('is for the patient only, and only with the InviteContact capability', async () => {
    expectError(await call('POST', url(ids.linda), await api.tokenOf('representativeOfA')), 403, 'forbidden');
    expectError(await call('POST', url(ids.linda), await api.tokenOf('patientB')), 404, 'not_found');
    expectError(await call('POST', url(ids.linda), await api.tokenOf('kioskStaff')), 404, 'not_found');
    await withPatientCapabilities(
      (dashboard) => {
        const contacts = dashboard.details.find((d) => d.fieldName === 'PersonalContacts')!;
        contacts.details = [];
      },
      async () => {
        const before = await invitationsOf(ids.linda);
        expectError(await call('POST', url(ids.linda), await api.tokenOf('patientA')), 403, 'forbidden');
        expect(await invitationsOf(ids.linda)).toEqual(before);
      },
    );
  });

  it('answers a repeat from the same session within the window with the same invitation and no new email', async () => {
    // Issue 11: reloading /contact-pin sent a second email with a new PIN, and the first PIN and link failed.
    const friend = await saveContact(contactBody({ contactFirstName: 'Reloader' }));
    const token = await api.tokenOf('patientA');
    const first = InvitationCreatedSchema.parse(expectOk(await call('POST', url(friend.contactId), token)));
    const again = InvitationCreatedSchema.parse(expectOk(await call('POST', url(friend.contactId), token)));
    expect(again).toMatchObject({ invitationId: first.invitationId, pin: first.pin, email: first.email });
    expect(await mailsTo(friend.contactEmail!)).toHaveLength(1);
    expect(await invitationsOf(friend.contactId)).toHaveLength(1);
    expect(await auditsOf('contactinviteauditevent').then((rows) => rows[0]!.detail)).toMatchObject({
      invitationId: first.invitationId,
    });
    // The repeat's letter token prints the same letter.
    const letter = `/api/invitations/${again.invitationId}/pinpdf?token=${encodeURIComponent(again.pinPdfToken)}`;
    expect((await t.app.inject({ url: letter })).statusCode).toBe(200);
    // Nothing in the database shows the PIN in clear.
    const copies = await db.select().from(invitationPinCopies);
    expect(copies.find((c) => c.invitationId === first.invitationId)).toBeDefined();
    expect(JSON.stringify(copies)).not.toContain(first.pin);

    // The first email's link with the first PIN still works.
    const [mail] = await mailsTo(friend.contactEmail!);
    const link = decodeURIComponent(/\/auth-rep-sign-up\?u=(\S+)$/m.exec(mail!.textBody)![1]!);
    const verified = await t.app.inject({
      url: `/api/authRep/signup/verifyInvitationToken/${first.pin}/${encodeURIComponent(link)}`,
      remoteAddress: nextIp(),
    });
    expect(verified.statusCode, verified.body).toBe(200);

    // Another session (Jane on another device, or after logging in again) does not see this PIN: it issues anew.
    const elsewhere = InvitationCreatedSchema.parse(
      expectOk(await call('POST', url(friend.contactId), await api.tokenOf('patientA'))),
    );
    expect(elsewhere.invitationId).not.toBe(first.invitationId);
    expect(await mailsTo(friend.contactEmail!)).toHaveLength(2);

    // Resend Invitation always issues a new PIN and email, and the earlier one stops working.
    const resent = InvitationCreatedSchema.parse(
      expectOk(await call('POST', url(friend.contactId, '?resend=true'), token)),
    );
    expect(resent.invitationId).not.toBe(elsewhere.invitationId);
    expect(await mailsTo(friend.contactEmail!)).toHaveLength(3);
    const [newest, replaced] = await invitationsOf(friend.contactId);
    expect(newest!.pinHash).toBe(hashSecret(resent.pin));
    expect(replaced!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    // ... and a load of the page right after it shows the resent one.
    const repeat = InvitationCreatedSchema.parse(expectOk(await call('POST', url(friend.contactId), token)));
    expect(repeat).toMatchObject({ invitationId: resent.invitationId, pin: resent.pin });
    expect(await mailsTo(friend.contactEmail!)).toHaveLength(3);

    // Once the window has passed, a load issues a new invitation again.
    await db
      .update(invitationPinCopies)
      .set({ shownUntil: new Date(Date.now() - 1000) })
      .where(eq(invitationPinCopies.invitationId, resent.invitationId));
    const later = InvitationCreatedSchema.parse(expectOk(await call('POST', url(friend.contactId), token)));
    expect(later.invitationId).not.toBe(resent.invitationId);
    expect(await mailsTo(friend.contactEmail!)).toHaveLength(4);
  });

  it('sends at most 5 emails to one address and 10 about one contact in an hour', async () => {
    // Counters live in each app's memory: an app of its own starts them (and Jane's 20 mails an hour) at zero.
    const other = await openSecondApp(t, {});
    try {
      const token = await api.tokenOf('patientA');
      // Resend Invitation each time: a plain repeat from this session would answer the same invitation.
      const invite = (contactId: number) => request(other, 'POST', url(contactId, '?resend=true'), { token });

      // One address: the sixth mail in the hour is refused and sends nothing.
      const spammed = await saveContact(contactBody({ contactFirstName: 'Spammed' }));
      for (let i = 0; i < 5; i++) expect((await invite(spammed.contactId)).statusCode).toBe(200);
      expectError(await invite(spammed.contactId), 429, 'too_many_attempts');
      expect(await mailsTo(spammed.contactEmail!)).toHaveLength(5);
      expect(await invitationsOf(spammed.contactId)).toHaveLength(5);

      // One contact at a new address each time: the eleventh mail about it is refused and sends nothing.
      const moving = await saveContact(contactBody({ contactFirstName: 'Moving' }));
      const addresses = Array.from({ length: 11 }, (_, i) => `moving${i}.${moving.contactId}@example.com`);
      for (const [i, address] of addresses.entries()) {
        await db
          .update(personalContacts)
          .set({ contactEmail: address })
          .where(eq(personalContacts.id, moving.contactId));
        const res = await invite(moving.contactId);
        if (i < 10) {
          expect(res.statusCode, res.body).toBe(200);
          expect(await mailsTo(address)).toHaveLength(1);
        } else {
          expectError(res, 429, 'too_many_attempts');
          expect(await mailsTo(address)).toEqual([]);
        }
      }
      expect(await invitationsOf(moving.contactId)).toHaveLength(10);
    } finally {
      await other.close();
    }
  });
});

/* ---------------------------------------------------------------- PIN letter */

/** The text of a one-page PIN letter, read back as a PDF reader does. */
async function letterText(pdf: Buffer) {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pages = await pdfText(pdf);
  expect(pages).toHaveLength(1);
  return pages[0]!;
}

describe('GET /api/invitations/:invitationId/pinpdf', () => {
  withOwnApp();

  async function newInvitation(kind: 'patientA' = 'patientA', language = '', communicationLanguageId = 1) {
    const friend = await saveContact(
      contactBody({ contactFirstName: 'Letter', contactLastName: 'Reader', communicationLanguageId }),
    );
    const res = await call(
      'POST',
      `/api/invitations/contact/${friend.contactId}/invite${language}`,
      await api.tokenOf(kind),
    );
    expect(res.statusCode, res.body).toBe(200);
    return { friend, ...InvitationCreatedSchema.parse(res.json()) };
  }
  const pdfUrl = (invitationId: number, token: string) =>
    `/api/invitations/${invitationId}/pinpdf?token=${encodeURIComponent(token)}`;

  it('answers a one-page PIN letter without a bearer header', async () => {
    const inv = await newInvitation();
    const res = await t.app.inject({ url: pdfUrl(inv.invitationId, inv.pinPdfToken) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="invitation-pin.pdf"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("object-src 'self'");
    const text = await letterText(res.rawPayload);
    expect(text).toMatch(/^Riverside Cancer Center \S.* Issued [A-Z][a-z]+ \d{1,2}, \d{4} PIN Required /);
    for (const expected of [
      `Patient: Jane Doe Invited contact: Letter Reader Email address: ${inv.email}`,
      'Jane Doe has invited Letter Reader to be an authorized representative',
      `Your PIN ${inv.pin.split('').join(' ')} How to accept the invitation 1. Open the invitation email`,
      '3. Choose a username and password to create your account.',
      'Keep this PIN private.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/The invitation and this PIN expire on [A-Z][a-z]+ \d{1,2}, \d{4}\./);
    expect(await pdfInfo(res.rawPayload)).toMatchObject({
      Title: expect.stringMatching(/^Invitation PIN - /),
      Language: 'en-US',
    });
    const [audit] = await auditsOf('pinletterprintauditevent');
    expect(audit).toMatchObject({
      actorUserId: fx.userIds.jane,
      patientId: fx.patientA,
      detail: { invitationId: inv.invitationId, contactId: inv.friend.contactId },
    });
  });

  it("prints in the email's language, Chinese included", async () => {
    // The contact's language (Vietnamese) is not one the portal speaks: the request's language it is.
    const spanish = await newInvitation('patientA', '?language=es-MX', 6);
    // A language change after the invitation does not change its letter.
    await db
      .update(personalContacts)
      .set({ communicationLanguageId: 3 })
      .where(eq(personalContacts.id, spanish.friend.contactId));
    const es = await t.app.inject({ url: pdfUrl(spanish.invitationId, spanish.pinPdfToken) });
    expect(await letterText(es.rawPayload)).toContain('Se requiere un PIN');

    const chinese = await newInvitation('patientA', '', 5);
    const zh = await t.app.inject({ url: pdfUrl(chinese.invitationId, chinese.pinPdfToken) });
    expect(zh.statusCode).toBe(200);
    const text = await letterText(zh.rawPayload);
    for (const expected of ['需要 PIN 码', '患者： Jane Doe', '您的 PIN 码', '如何接受邀请', '请妥善保管此 PIN 码。']) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/该邀请及此 PIN 码将于 \d{4}年\d{1,2}月\d{1,2}日 失效。/);
    expect(text).not.toContain('PIN Required');
    expect(await pdfInfo(zh.rawPayload)).toMatchObject({ Language: 'zh-CN' });
  });

  it('answers 404 for a forged, garbled, expired or misdirected token', async () => {
    const inv = await newInvitation();
    const notFound = async (url: string) => expectError(await t.app.inject({ url }), 404, 'not_found');
    await notFound(pdfUrl(inv.invitationId, `${inv.pinPdfToken.slice(0, -4)}AAAA`));
    await notFound(pdfUrl(inv.invitationId, 'x'.repeat(60)));
    await notFound(pdfUrl(inv.invitationId + 1, inv.pinPdfToken));

    const payload = {
      invitationId: inv.invitationId,
      pin: inv.pin,
      sessionId: 0,
      patientId: fx.patientA,
      language: 'en',
    };
    const [session] = await db.select().from(sessions).orderBy(desc(sessions.id)).limit(1);
    const pastClock = new SealedTokens(resolveAppSecret(t.config), () => Date.now() - PIN_PDF_TOKEN_MS - 1000);
    await notFound(pdfUrl(inv.invitationId, pastClock.seal({ ...payload, sessionId: session!.id }, PIN_PDF_TOKEN_MS)));
    const otherKey = new SealedTokens('y'.repeat(40));
    await notFound(pdfUrl(inv.invitationId, otherKey.seal({ ...payload, sessionId: session!.id }, PIN_PDF_TOKEN_MS)));
    expectError(
      await t.app.inject({ url: `/api/invitations/${inv.invitationId}/pinpdf` }),
      400,
      'validation_failed',
      'token',
    );
  });

  it("answers 404 once the session has ended, or for a session that is not the patient's own", async () => {
    const janeSession = await t.app.deps.sessions.create(db, {
      userId: fx.userIds.jane,
      patientId: null,
      facilityId: fx.facilityId,
      loginType: 'userNamePassword',
    });
    const friend = await saveContact(contactBody({ contactFirstName: 'Ended' }));
    const res = await call('POST', `/api/invitations/contact/${friend.contactId}/invite`, janeSession.accessToken);
    const inv = InvitationCreatedSchema.parse(res.json());
    expect((await t.app.inject({ url: pdfUrl(inv.invitationId, inv.pinPdfToken) })).statusCode).toBe(200);
    await t.app.deps.sessions.revoke(db, janeSession.sessionId, 'logout');
    expectError(await t.app.inject({ url: pdfUrl(inv.invitationId, inv.pinPdfToken) }), 404, 'not_found');

    // A token naming a live session of someone else (patient B) for Jane's invitation.
    const john = await t.app.deps.sessions.create(db, {
      userId: fx.userIds.john,
      patientId: null,
      facilityId: fx.facilityId,
      loginType: 'userNamePassword',
    });
    const forged = t.app.deps.sealedTokens.seal(
      {
        invitationId: inv.invitationId,
        pin: inv.pin,
        sessionId: john.sessionId,
        patientId: fx.patientA,
        language: 'en',
      },
      PIN_PDF_TOKEN_MS,
    );
    expectError(await t.app.inject({ url: pdfUrl(inv.invitationId, forged) }), 404, 'not_found');
  });

  it('answers 404 once the invitation is replaced or used', async () => {
    const inv = await newInvitation();
    const again = await call(
      'POST',
      `/api/invitations/contact/${inv.friend.contactId}/invite`,
      await api.tokenOf('patientA'),
    );
    expect(again.statusCode).toBe(200);
    expectError(await t.app.inject({ url: pdfUrl(inv.invitationId, inv.pinPdfToken) }), 404, 'not_found');
    const second = InvitationCreatedSchema.parse(again.json());
    await db.update(oneTimeSecrets).set({ usedAt: new Date() }).where(eq(oneTimeSecrets.id, second.invitationId));
    expectError(await t.app.inject({ url: pdfUrl(second.invitationId, second.pinPdfToken) }), 404, 'not_found');
  });
});

/* --------------------------------------------------- invite to representative */

describe('an invitation, end to end', () => {
  withOwnApp();

  it('lets the invited contact sign up with the link and the PIN, and makes them a representative', async () => {
    const patient = await api.tokenOf('patientA');
    const added = await saveContact(
      contactBody({ contactFirstName: 'Nora', contactLastName: 'Quinn', contactEmail: 'nora.quinn@example.com' }),
    );
    const invite = InvitationCreatedSchema.parse(
      (await call('POST', `/api/invitations/contact/${added.contactId}/invite`, patient)).json(),
    );
    const [mail] = await mailsTo('nora.quinn@example.com');
    const token = decodeURIComponent(/\/auth-rep-sign-up\?u=(\S+)$/m.exec(mail!.textBody)![1]!);

    const verified = await t.app.inject({
      url: `/api/authRep/signup/verifyInvitationToken/${invite.pin}/${encodeURIComponent(token)}`,
      remoteAddress: nextIp(),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ arEmail: 'nora.quinn@example.com', encryptedInvitationId: token });

    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/patients/signup/postAccountInformation',
      remoteAddress: nextIp(),
      payload: {
        facilityId: fx.facilityId,
        patientId: -1,
        username: 'nora.quinn',
        password: 'Nora#Quinn2026x',
        isTermsOfUseAccepted: true,
        encryptedInvitationId: token,
        pin: invite.pin,
      },
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const userId = signup.json<{ userId: number }>().userId;

    const nora = (await listAs('patientA')).find((c) => c.contactId === added.contactId)!;
    expect(nora).toMatchObject({
      authorizedRepresentativeUserId: userId,
      isAuthorizedRepresentativeActive: true,
      userInfo: { userName: 'nora.quinn', isEmailConfirmed: true, isLockedOut: false },
    });
    expect(
      (await call('GET', `/api/invitations/contact/${added.contactId}/checkArInviteExists`, patient)).json(),
    ).toEqual({
      exists: false,
    });

    // Nora logs in and reads Jane's record as her representative.
    const login = await t.app.inject({
      method: 'POST',
      url: '/token',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: 'nora.quinn',
        password: 'Nora#Quinn2026x',
      }).toString(),
    });
    expect(login.statusCode, login.body).toBe(200);
    const access = login.json<{ access_token: string }>().access_token;
    expect((await call('GET', `/api/patients/${fx.patientA}`, access)).statusCode).toBe(200);
    expect((await call('GET', contactsUrl(), access)).statusCode).toBe(200);
    // A second invitation for her is refused: she has an account now.
    expectError(
      await call('POST', `/api/invitations/contact/${added.contactId}/invite`, patient),
      400,
      'already_authorized',
    );
  });
});

/* ------------------------------------------------------------------ helpers */

describe('contact helpers', () => {
  it('finds capability fields along a path', () => {
    const modules: CapabilityModule[] = [
      {
        moduleName: 'Dashboard',
        details: [
          { fieldName: 'AddContact' },
          { fieldName: 'PersonalContacts', details: [{ fieldName: 'InviteContact' }] },
        ],
      },
    ];
    expect(grantsField(modules, 'Dashboard', 'AddContact')).toBe(true);
    expect(grantsField(modules, 'Dashboard', 'PersonalContacts', 'InviteContact')).toBe(true);
    expect(grantsField(modules, 'Dashboard', 'InviteContact')).toBe(false);
    expect(grantsField(modules, 'Appointments')).toBe(false);
  });

  it('maps stored language codes to the packs the portal speaks', () => {
    expect(packOfLanguageCode('es-MX')).toBe('es');
    expect(packOfLanguageCode('FR-ca')).toBe('fr');
    expect(packOfLanguageCode('zh-Hans')).toBe('zh');
    expect(packOfLanguageCode('vi')).toBeNull();
    expect(packOfLanguageCode(null)).toBeNull();
  });

  it('prints any name: PDF string delimiters in the standard fonts, Chinese in the Unicode font', async () => {
    const pdf = await renderPinLetter({
      language: 'fr',
      facilityName: 'Centre (Test) \\ Santé',
      portalName: 'Portail',
      timeZoneId: 'America/Toronto',
      patientName: 'Zoé Tremblay',
      contactName: '王 Li',
      email: 'li@example.com',
      pin: '123456',
      expiresAt: new Date('2030-01-15T12:00:00Z'),
      issuedAt: new Date('2030-01-01T12:00:00Z'),
    });
    const text = await letterText(pdf);
    expect(text).toMatch(/^Centre \(Test\) \\ Santé Portail /);
    expect(text).toContain('Zoé Tremblay');
    expect(text).toContain('王 Li');
    expect(text).toContain('NIP requis');
    expect(text).toContain('15 janvier 2030');
    const plain = await renderPinLetter({
      language: 'fr',
      facilityName: 'Centre (Test) \\ Santé',
      portalName: 'Portail',
      timeZoneId: 'America/Toronto',
      patientName: 'Zoé Tremblay',
      contactName: 'Li Wang',
      email: 'li@example.com',
      pin: '123456',
      expiresAt: new Date('2030-01-15T12:00:00Z'),
      issuedAt: new Date('2030-01-01T12:00:00Z'),
    });
    expect(await letterText(plain)).toMatch(/^Centre \(Test\) \\ Santé Portail /);
    // Only the letter with Chinese characters embeds a font.
    expect(await pdfFonts(pdf)).toEqual(['NotoSansSC-Bold', 'NotoSansSC-Regular']);
    expect(await pdfFonts(plain)).toEqual(['Helvetica', 'Helvetica-Bold']);
  });
});

describe('the authorization statement and the OpenAPI document', () => {
  it('serves the AuthorizationStatement content by facility and language', async () => {
    const res = await t.app.inject({
      url: `/api/content/AuthorizationStatement/facilityToken/${fx.facilityId}?language=fr-CA`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ contentKey: string; language: string; body: string }>();
    expect(body).toMatchObject({ contentKey: 'AuthorizationStatement', language: 'fr' });
    expect(body.body).toContain('représentant autorisé');
  });

  it('describes every contact, invitation and lookup route', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { summary?: string; description?: string }>> }>();
    for (const [path, method] of [
      ['/api/patients/{patientId}/contacts', 'get'],
      ['/api/patients/{patientId}/contacts', 'put'],
      ['/api/patients/{patientId}/contacts/{contactId}', 'post'],
      ['/api/patients/{patientId}/contacts/{contactId}/UnlockAccount', 'post'],
      ['/api/patients/{patientId}/contacts/{contactId}/ResetPassword', 'post'],
      ['/api/invitations/contact/{contactId}/checkArInviteExists', 'get'],
      ['/api/invitations/contact/{contactId}/invite', 'post'],
      ['/api/invitations/{invitationId}/pinpdf', 'get'],
      ['/api/lookups/relationships', 'get'],
      ['/api/lookups/countries', 'get'],
      ['/api/lookups/states', 'get'],
      ['/api/lookups/preferredCommunications', 'get'],
      ['/api/lookups/languages', 'get'],
    ] as const) {
      const operation = doc.paths[path]?.[method];
      expect(operation?.summary, `${method} ${path}`).toEqual(expect.any(String));
      expect(operation?.description, `${method} ${path}`).toEqual(expect.any(String));
    }
  });
});
