import type { Db } from '../db/client';
import { issueSecret } from '../platform/auth/one-time-secrets';
import { hashPassword } from '../platform/auth/passwords';
import { DEMO_CAPABILITIES, LAKESIDE_CAPABILITIES } from './capabilities';
import {
  findPatientIdByMrn,
  hasFacilities,
  insertCapabilityProfiles,
  insertFacility,
  insertFacilityAliases,
  insertKioskStaffFacilities,
  insertPatients,
  insertPersonalContacts,
  insertUsers,
  PREFERRED_COMMUNICATION_IDS,
  RELATIONSHIP_IDS,
} from './demo.repository';
import { seedDemoAppointments } from './demo-appointments';
import { seedDemoCareTeam } from './demo-careteam';
import type { DemoContext } from './demo-context';
import { seedDemoEducation } from './demo-education';
import { seedDemoFacilityPages } from './demo-facility-pages';
import { seedDemoFollowUpPlan } from './demo-follow-up-plan';
import { seedDemoHealthSummaries } from './demo-health-summaries';
import { seedDemoLabResults } from './demo-lab-results';
import { seedDemoMedicalNotes } from './demo-medical-notes';
import { seedDemoNotificationSettings } from './demo-notification-settings';
import { KIOSK_PATIENTS, seedDemoQuestionnaires, type KioskPatient } from './demo-questionnaires';
import { seedDemoSecureMessages } from './demo-secure-messages';
import { seedDemoTreatmentSummary } from './demo-treatment-summary';
import { RIVERSIDE_LOGO_SVG } from './logo';

export const DEMO_PASSWORD = 'DemoPass#2026';

/**
 * Fixed demo secrets, printed in the README so a newcomer can try each way in. Real ones are random
 * (issueSecret); these are single-use like any other, so the CLI's `tickets` command prints fresh ones.
 */
export const DEMO_SECRETS = {
  /** Maria Garcia has no account yet: sign up with her name, date of birth and this PIN. */
  signupPin: '48291375',
  /** Linda Doe, Jane's sister, was invited as her representative: /auth-rep-sign-up?u=token, then the PIN. */
  invitationToken: 'demo-invitation-linda-doe-7Qm2Xc9LkP4s',
  invitationPin: '215784',
  /** A link emailed to Jane: /linkLogin?patientid={jane}&data=token, then Doe and her date of birth. */
  linkToken: 'demo-link-jane-doe-3Hs8Wq1ZpR6v',
  /** Each facility's kiosk entry address, /kio{secret}, which a kiosk device bookmarks (not single-use). */
  kioskEntryRiverside: 'rcc-lobby-kiosk-5Tn8Wd2QxK7v',
  kioskEntryLakeside: 'lcc-front-desk-kiosk-9Hb4Rm6ZpJ3s',
} as const;

const YEAR_MS = 365 * 24 * 3_600_000;

/** Calendar date `years` before today, so the demo patients keep their ages. */
function yearsAgo(years: number, month: number, day: number, today = new Date()): string {
  const y = today.getUTCFullYear() - years;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function kioskPatient(homeFacilityId: number, patient: KioskPatient) {
  const [month, day] = patient.birthday;
  return {
    homeFacilityId,
    mrn: patient.mrn,
    firstName: patient.firstName,
    lastName: patient.lastName,
    dateOfBirth: yearsAgo(patient.age, month, day),
    sex: patient.sex,
    city: patient.city,
    state: patient.state,
    country: 'United States',
    preferredLanguage: patient.preferredLanguage,
  };
}

export function isSeeded(db: Db): Promise<boolean> {
  return hasFacilities(db);
}

/**
 * The demo facility, deterministic apart from dates, which are relative to today. Later modules
 * extend this so that every module shows realistic data for jane.doe.
 */
export async function seedDemo(db: Db, options: { extraAliases?: string[] } = {}): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const riversideId = await insertFacility(tx, {
      name: 'Riverside Cancer Center',
      portalName: 'Riverside Patient Portal',
      shortName: 'Riverside',
      themeId: 1,
      timeZoneId: 'America/New_York',
      defaultLanguageId: 1,
      logo: new TextEncoder().encode(RIVERSIDE_LOGO_SVG),
      logoContentType: 'image/svg+xml',
      hasFaqs: true,
      hasUsefulLinks: true,
      hasDownloadableForms: true,
      passwordMinLength: 12,
      passwordCapitalLetters: 1,
      passwordNumbers: 1,
      passwordSpecialCharacters: 1,
      signupVerificationFields: 'pin',
      kioskEntrySecret: DEMO_SECRETS.kioskEntryRiverside,
    });
    const lakesideId = await insertFacility(tx, {
      name: 'Lakeside Community Clinic',
      portalName: 'Lakeside MyHealth',
      shortName: 'Lakeside',
      themeId: 2,
      timeZoneId: 'America/Chicago',
      defaultLanguageId: 2,
      kioskEntrySecret: DEMO_SECRETS.kioskEntryLakeside,
    });
    const riversideAliases = new Set(
      ['localhost', '127.0.0.1', ...(options.extraAliases ?? [])].map((a) => a.toLowerCase()),
    );
    riversideAliases.delete('lakeside.localhost');
    await insertFacilityAliases(tx, [
      ...[...riversideAliases].map((alias) => ({ alias, facilityId: riversideId })),
      { alias: 'lakeside.localhost', facilityId: lakesideId },
    ]);

    const account = (username: string, firstName: string, lastName: string, email: string | null) => ({
      facilityId: riversideId,
      username,
      email,
      passwordHash,
      firstName,
      lastName,
      isEmailConfirmed: email !== null,
      isEulaAccepted: true,
    });
    const inserted = await insertUsers(tx, [
      account('jane.doe', 'Jane', 'Doe', 'jane.doe@example.com'),
      account('john.smith', 'John', 'Smith', 'john.smith@example.com'),
      account('robert.doe', 'Robert', 'Doe', 'robert.doe@example.com'),
      // A representative whose access Jane has switched off: can log in, sees no patient.
      account('emily.doe', 'Emily', 'Doe', 'emily.doe@example.com'),
      // A patient who has not yet given an email address nor accepted the terms of use.
      { ...account('alex.rivera', 'Alex', 'Rivera', null), isEulaAccepted: false },
      { ...account('kiosk.staff', 'Front Desk', 'Kiosk', 'frontdesk@example.com'), role: 'kioskManagement' as const },
    ]);
    const userId = (name: string) => {
      const found = inserted.find((u) => u.username === name);
      if (!found) throw new Error(`Seed user ${name} missing`);
      return found.id;
    };

    const [jane] = await insertPatients(tx, [
      {
        homeFacilityId: riversideId,
        userId: userId('jane.doe'),
        mrn: 'RCC-100234',
        firstName: 'Jane',
        lastName: 'Doe',
        dateOfBirth: yearsAgo(58, 4, 12),
        sex: 'F',
        emailAddress: 'jane.doe@example.com',
        address1: '214 Willow Bend Road',
        city: 'Riverside',
        state: 'New York',
        country: 'United States',
        zipCode: '12210',
        homePhone: '5185550142',
        mobilePhone: '5185550187',
        preferredLanguage: 'en-US',
      },
      {
        homeFacilityId: riversideId,
        userId: userId('john.smith'),
        mrn: 'RCC-100871',
        firstName: 'John',
        lastName: 'Smith',
        dateOfBirth: yearsAgo(71, 9, 30),
        sex: 'M',
        emailAddress: 'john.smith@example.com',
        address1: '9 Harbor Street',
        address2: 'Apt 3B',
        city: 'Albany',
        state: 'New York',
        country: 'United States',
        zipCode: '12207',
        mobilePhone: '5185550199',
        preferredLanguage: 'es-MX',
      },
      {
        homeFacilityId: riversideId,
        userId: userId('alex.rivera'),
        mrn: 'RCC-100733',
        firstName: 'Alex',
        lastName: 'Rivera',
        dateOfBirth: yearsAgo(34, 11, 2),
        sex: 'M',
        city: 'Schenectady',
        state: 'New York',
        country: 'United States',
        zipCode: '12305',
        mobilePhone: '5185550110',
        preferredLanguage: 'en-US',
      },
    ]);
    if (!jane) throw new Error('Seeding the demo patients failed');

    await insertPersonalContacts(tx, [
      {
        patientId: jane.id,
        firstName: 'Robert',
        lastName: 'Doe',
        relationshipId: RELATIONSHIP_IDS.spouse,
        relationship: 'Spouse',
        isPrimaryContact: true,
        isNextOfKin: true,
        providesTransport: true,
        // Lives with Jane: the address is a copy of hers, as the contact form saves it.
        usePatientAddress: true,
        address1: '214 Willow Bend Road',
        city: 'Riverside',
        state: 'New York',
        country: 'United States',
        zipCode: '12210',
        homePhone: '5185550142',
        mobilePhone: '5185550163',
        isOkToLeaveMsgHome: true,
        isOkToLeaveMsgMobile: true,
        contactEmail: 'robert.doe@example.com',
        preferredCommunicationId: PREFERRED_COMMUNICATION_IDS.mobilePhone,
        communicationLanguageId: 1,
        authorizedRepresentativeUserId: userId('robert.doe'),
        isAuthorizedRepresentativeActive: true,
      },
    ]);
    const contactRows = await insertPersonalContacts(tx, [
      {
        patientId: jane.id,
        firstName: 'Emily',
        lastName: 'Doe',
        relationshipId: RELATIONSHIP_IDS.daughter,
        relationship: 'Daughter',
        address1: '88 Maple Court',
        address2: 'Unit 4',
        city: 'Saratoga Springs',
        state: 'New York',
        country: 'United States',
        zipCode: '12866',
        mobilePhone: '5185550138',
        workPhone: '5185550156',
        isOkToLeaveMsgWork: true,
        contactEmail: 'emily.doe@example.com',
        preferredCommunicationId: PREFERRED_COMMUNICATION_IDS.email,
        communicationLanguageId: 1,
        authorizedRepresentativeUserId: userId('emily.doe'),
        isAuthorizedRepresentativeActive: false,
      },
      {
        patientId: jane.id,
        firstName: 'Linda',
        lastName: 'Doe',
        relationshipId: RELATIONSHIP_IDS.sister,
        relationship: 'Sister',
        address1: '41 Elm Street',
        city: 'Albany',
        state: 'New York',
        country: 'United States',
        zipCode: '12203',
        mobilePhone: '5185550121',
        isOkToLeaveMsgMobile: true,
        contactEmail: 'linda.doe@example.com',
        preferredCommunicationId: PREFERRED_COMMUNICATION_IDS.textMessage,
        communicationLanguageId: 1,
      },
      {
        patientId: jane.id,
        firstName: 'Michael',
        lastName: 'Doe',
        relationshipId: RELATIONSHIP_IDS.brother,
        relationship: 'Brother',
        city: 'Boston',
        state: 'Massachusetts',
        country: 'United States',
        mobilePhone: '6175550188',
        contactEmail: 'michael.doe@example.com',
        preferredCommunicationId: PREFERRED_COMMUNICATION_IDS.email,
        communicationLanguageId: 1,
      },
    ]);
    const [, linda, michael] = contactRows;
    if (!linda || !michael) throw new Error('Seeding the demo contacts failed');

    const [maria] = await insertPatients(tx, [
      {
        homeFacilityId: riversideId,
        mrn: 'RCC-100512',
        firstName: 'Maria',
        lastName: 'Garcia',
        dateOfBirth: yearsAgo(45, 3, 14),
        sex: 'F',
        emailAddress: 'maria.garcia@example.com',
        address1: '77 Orchard Lane',
        city: 'Troy',
        state: 'New York',
        country: 'United States',
        zipCode: '12180',
        mobilePhone: '5185550175',
        preferredLanguage: 'es-MX',
      },
    ]);
    if (!maria) throw new Error('Seeding the sign-up patient failed');

    await insertCapabilityProfiles(
      tx,
      (
        [
          [riversideId, DEMO_CAPABILITIES],
          [lakesideId, LAKESIDE_CAPABILITIES],
        ] as const
      ).flatMap(([facilityId, profiles]) =>
        Object.entries(profiles).map(([audience, modules]) => ({
          facilityId,
          audience: audience as keyof typeof DEMO_CAPABILITIES,
          modules,
        })),
      ),
    );

    // Lakeside's own patient, to show a facility that grants fewer modules.
    const [sam] = await insertUsers(tx, [
      { ...account('sam.lee', 'Sam', 'Lee', 'sam.lee@example.com'), facilityId: lakesideId },
    ]);
    const [samPatient] = await insertPatients(tx, [
      {
        homeFacilityId: lakesideId,
        userId: sam!.id,
        mrn: 'LCC-2001',
        firstName: 'Sam',
        lastName: 'Lee',
        dateOfBirth: yearsAgo(39, 6, 21),
        sex: 'M',
        emailAddress: 'sam.lee@example.com',
        city: 'Madison',
        state: 'Wisconsin',
        country: 'United States',
        zipCode: '53703',
        preferredLanguage: 'en-US',
      },
    ]);

    // The front desk's kiosk staff account also serves Lakeside's patients.
    await insertKioskStaffFacilities(tx, [{ userId: userId('kiosk.staff'), facilityId: lakesideId }]);
    // Patients without portal accounts who answer their questionnaires on the clinics' kiosks.
    const kioskPatientRows = await insertPatients(tx, [
      ...KIOSK_PATIENTS.riverside.map((p) => kioskPatient(riversideId, p)),
      ...KIOSK_PATIENTS.lakeside.map((p) => kioskPatient(lakesideId, p)),
    ]);
    const kioskPatientIds = Object.fromEntries(
      [...KIOSK_PATIENTS.riverside, ...KIOSK_PATIENTS.lakeside].map((p, i) => [p.mrn, kioskPatientRows[i]!.id]),
    );

    const johnId = await findPatientIdByMrn(tx, 'RCC-100871');
    if (johnId === undefined || !samPatient) throw new Error('Seeding the demo patients failed');
    const context: DemoContext = {
      riversideId,
      lakesideId,
      janeId: jane.id,
      janeUserId: userId('jane.doe'),
      johnId,
      samId: samPatient.id,
      kioskPatientIds,
    };
    await seedDemoAppointments(tx, context);
    await seedDemoCareTeam(tx, context);
    await seedDemoEducation(tx, context);
    await seedDemoFollowUpPlan(tx, context);
    await seedDemoLabResults(tx, context);
    await seedDemoMedicalNotes(tx, context);
    await seedDemoTreatmentSummary(tx, context);
    // jane's and john's external systems with the C-CDA documents they sent.
    await seedDemoHealthSummaries(tx, context);
    await seedDemoQuestionnaires(tx, context);
    await seedDemoFacilityPages(tx, context);
    await seedDemoNotificationSettings(tx, context);
    // After the care team: its providers write and are written to.
    await seedDemoSecureMessages(tx, context, {
      robertUserId: userId('robert.doe'),
      johnUserId: userId('john.smith'),
    });

    await issueSecret(tx, {
      kind: 'signupPin',
      facilityId: riversideId,
      patientId: maria.id,
      token: DEMO_SECRETS.signupPin,
      lifetimeMs: YEAR_MS,
    });
    await issueSecret(tx, {
      kind: 'invitation',
      facilityId: riversideId,
      patientId: jane.id,
      personalContactId: linda.id,
      email: 'linda.doe@example.com',
      token: DEMO_SECRETS.invitationToken,
      pin: DEMO_SECRETS.invitationPin,
      withPin: true,
      lifetimeMs: YEAR_MS,
    });
    // Michael's invitation stays open: the dashboard's "pending" contact whatever else the demo is used for.
    await issueSecret(tx, {
      kind: 'invitation',
      facilityId: riversideId,
      patientId: jane.id,
      personalContactId: michael.id,
      email: 'michael.doe@example.com',
      withPin: true,
      lifetimeMs: YEAR_MS,
    });
    await issueSecret(tx, {
      kind: 'link',
      facilityId: riversideId,
      patientId: jane.id,
      token: DEMO_SECRETS.linkToken,
      lifetimeMs: YEAR_MS,
    });
  });
}
