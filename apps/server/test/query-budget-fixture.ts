import { eq, min } from 'drizzle-orm';
import { TREATMENT_SUMMARY_GROUPS } from '@portal/contracts';
import type { Db } from '../src/db/client';
import { educationMaterials, externalSystems, patients, personalContacts, users } from '../src/db/schema/index';
import { appointmentRecords } from '../src/modules/appointments/appointments.intake';
import { putCareTeam } from '../src/modules/careteam/careteam.intake';
import { educationArticleRecords } from '../src/modules/education/education.intake';
import { followUpPlanRecords } from '../src/modules/follow-up-plan/follow-up-plan.intake';
import { storeHealthSummaryDocument } from '../src/modules/health-summary/health-summary.intake';
import { labResultRecords } from '../src/modules/lab-results/lab-results.intake';
import { medicalNoteRecords } from '../src/modules/medical-notes/medical-notes.intake';
import { treatmentSummaryItemRecords } from '../src/modules/treatment-summary/treatment-summary.intake';
import { addDays } from '../src/platform/time/time';
import { aboutPatient, readCcdaFixture } from './ccda-fixtures';
import { seedHealthSummaryFixture } from './health-summary-fixture';
import { insertAssignment, insertTemplate, patientToday } from './questionnaire-fixture';
import { providerIdOf, putTestProviderMessage, uniqueId } from './secure-message-fixture';
import { seededPatientId } from '../src/platform/integration/integration-patients';

// A patient's record grown step by step through the modules' intakes (the integration API's path), so the query
// budget can read every list with a few rows and with many, and see the same number of statements.

/** Counts the statements sent while a piece of work runs (its onQuery goes to createTestDatabase). */
export function statementCounter() {
  let current: string[] | null = null;
  return {
    onQuery: (text: string) => {
      current?.push(text);
    },
    /** The statements `work` sent, in order. */
    async during(work: () => Promise<unknown>): Promise<string[]> {
      const sent: string[] = [];
      current = sent;
      try {
        await work();
      } finally {
        current = null;
      }
      return sent;
    },
  };
}

/** The records the growing patient has beyond lists: what the routes' path parameters need. */
export interface GrowingRecord {
  patientId: number;
  ifSystemId: number;
}

const CATEGORIES = [
  { propertyCategoryId: 901, name: 'Physical Exam' },
  { propertyCategoryId: 902, name: 'Blood Work' },
];
const CCDA_FIXTURES = ['ccd.xml', 'care-plan.xml', 'consultation-note.xml', 'progress-note.xml'];
/** A page as a PDF begins (the intake checks the signature, the lists never open it). */
const PDF_PAGE = new TextEncoder().encode('%PDF-1.4\n% query budget page\n');

/**
 * Gets the patient ready to grow: the terms accepted, a care team member who takes secure messages (Dr. Priya
 * Raman of the demo) and an external system for health summaries.
 */
export async function startGrowing(db: Db, patientId: number): Promise<GrowingRecord> {
  const [patient] = await db.select({ userId: patients.userId }).from(patients).where(eq(patients.id, patientId));
  if (!patient?.userId) throw new Error(`patient ${patientId} has no user`);
  await db.update(users).set({ isEulaAccepted: true }).where(eq(users.id, patient.userId));
  const careProviderId = await providerIdOf(db, 'demo-cp-priya-raman');
  await db.transaction((tx) =>
    putCareTeam(tx, seededPatientId(patientId), [{ careProviderId, isSecureMessageRecipient: true }]),
  );
  const summaries = await seedHealthSummaryFixture(db, patientId, { documents: [] });
  return { patientId, ifSystemId: summaries.systems.ccda.id };
}

/**
 * Gives the patient records number `from` to `to - 1` of every kind a patient list shows: lab results, medical
 * notes, appointments (past and coming), treatment summary items, education articles, follow-up items, secure
 * message threads, questionnaires (current and declined), health summary documents, personal contacts and
 * external systems. Calling it again with the next range grows the same lists.
 */
export async function growRecord(db: Db, record: GrowingRecord, from: number, to: number): Promise<void> {
  const { patientId } = record;
  const today = await patientToday(db, patientId);
  const [patient] = await db
    .select({
      facilityId: patients.homeFacilityId,
      firstName: patients.firstName,
      lastName: patients.lastName,
      dateOfBirth: patients.dateOfBirth,
      sex: patients.sex,
    })
    .from(patients)
    .where(eq(patients.id, patientId));
  const facilityId = patient!.facilityId;
  const [material] = await db
    .select({ id: min(educationMaterials.id) })
    .from(educationMaterials)
    .where(eq(educationMaterials.facilityId, facilityId));
  const careProviderId = await providerIdOf(db, 'demo-cp-priya-raman');
  const templateId = await insertTemplate(db, facilityId);
  const range = Array.from({ length: to - from }, (_, k) => from + k);
  const now = new Date();

  await db.transaction(async (tx) => {
    for (const i of range) {
      const key = `qb-${i}`;
      await labResultRecords.put(tx, seededPatientId(patientId), key, {
        isPublished: true,
        collectedAt: new Date(now.getTime() - (i + 1) * 86_400_000),
        externalStatus: 'Final',
        requestingPhysician: 'Dr. Priya Raman',
        ...{ address1: null, address2: null, city: null, state: null, zipCode: null, country: null },
        labName: 'RCC Laboratory',
        labAddress: null,
        comment: null,
        noteToPatient: null,
        groups: ['Chemistry', 'Hematology'].map((groupDisplayName) => ({
          groupDisplayName,
          details: ['Sodium', 'Potassium'].map((testDisplayName) => ({
            testDisplayName,
            testValue: String(100 + i),
            unitOfMeasure: 'mmol/L',
            referencesRange: '90 - 140',
            abnormalFlag: 'N' as const,
            testDetailStatus: 'Final',
            comment: null,
          })),
        })),
      });
      await medicalNoteRecords.put(tx, seededPatientId(patientId), key, {
        serviceDate: addDays(today, -i - 1),
        documentType: 'Progress Note',
        authoredBy: 'Dr. Priya Raman',
        status: 'Final',
        noteToPatient: null,
        isPublished: true,
        pages: [{ contentType: 'application/pdf', content: PDF_PAGE }],
      });
      await appointmentRecords.put(tx, seededPatientId(patientId), key, {
        // Half past, half to come (the upcoming list and the appointments page).
        startsAt: new Date(now.getTime() + (i % 2 === 0 ? 1 : -1) * (i + 1) * 86_400_000),
        timeZoneId: 'America/New_York',
        appointmentType: 'Follow-up visit',
        provider: 'Dr. Priya Raman',
        status: 'Scheduled',
        institution: 'Riverside Cancer Center',
        ...{ shortLocation: null, address1: null, address2: null, address3: null },
        ...{ city: null, provinceState: null, postalZip: null, country: null },
      });
      await treatmentSummaryItemRecords.put(tx, seededPatientId(patientId), key, {
        groupName: TREATMENT_SUMMARY_GROUPS[i % TREATMENT_SUMMARY_GROUPS.length]!,
        fields: {},
        isNullMessageHolder: false,
        nullMessage: null,
        sortOrder: i,
      });
      if (material?.id) {
        await educationArticleRecords.put(tx, seededPatientId(patientId), key, {
          materialId: material.id,
          assignedDate: addDays(today, -i),
        });
      }
      await insertAssignment(tx, patientId, templateId);
      await insertAssignment(tx, patientId, templateId, {
        status: 'declined',
        completedAt: now,
        dueDate: addDays(today, -2 - i),
        availableFrom: addDays(today, -9 - i),
      });
      await tx.insert(personalContacts).values({ patientId, firstName: `Contact ${i}`, lastName: 'Budget' });
      await tx
        .insert(externalSystems)
        .values({ patientId, name: `Budget system ${i}`, externalId: uniqueId('qb-sys') });
      await storeHealthSummaryDocument(tx, {
        patientId: seededPatientId(patientId),
        externalSystemId: record.ifSystemId,
        externalId: uniqueId('qb-doc'),
        xml: aboutPatient(readCcdaFixture(CCDA_FIXTURES[i % CCDA_FIXTURES.length]!), patient!),
      });
    }
    // One plan: putting it again with more items keeps the items it had and adds the new ones.
    await followUpPlanRecords.put(tx, seededPatientId(patientId), 'qb-plan', {
      startDate: addDays(today, -100),
      taskNames: CATEGORIES,
      templates: [{ templateDisplayName: 'Survivorship care', effectiveDate: addDays(today, -100) }],
      items: Array.from({ length: to }, (_, i) => ({
        externalId: `qb-item-${i}`,
        labelMonths: i + 1,
        recommendedDate: addDays(today, (i % 2 === 0 ? 1 : -1) * (i + 1) * 7),
        statusDesc: 'Pending' as const,
        tasks: CATEGORIES.map(({ propertyCategoryId }) => ({ propertyCategoryId })),
      })),
    });
  });
  for (const i of range) {
    await putTestProviderMessage(db, patientId, careProviderId, { thread: { subject: `Budget thread ${i}` } });
  }
}
