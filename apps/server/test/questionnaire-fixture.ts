import { and, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client';
import { facilities, patients, questionnaireAssignments, questionnaireTemplates } from '../src/db/schema/index';
import type { LocalText, QuestionnaireDefinition } from '../src/modules/questionnaires/definition';
import { addDays, localDate } from '../src/platform/time/time';

// Questionnaire templates and assignments written straight into the tables, so the API tests, the authorisation
// matrix and the read-audit walk do not depend on the demo seed or the FHIR import.

const t = (text: string, es: string, extra: Record<string, string> = {}): LocalText => ({
  text,
  translations: { es, ...extra },
});

const frequency = [
  t('Not at all', 'Nunca'),
  t('Several days', 'Varios días'),
  t('More than half the days', 'Más de la mitad de los días'),
  t('Nearly every day', 'Casi todos los días'),
];
const frequencyOptions = () =>
  frequency.map((text, i) => ({
    listAnswerId: i + 1,
    system: 'http://loinc.org',
    code: `LA-${i}`,
    text,
    ordinal: i,
    isOtherOption: false,
  }));

const base = {
  prefix: null,
  isRequired: true,
  matrixGuid: null,
  options: [],
  lowerBound: null,
  upperBound: null,
  lowerBoundLabel: null,
  upperBoundLabel: null,
  isMultiLine: false,
};

/**
 * Every item type: a section header, a date, a dropdown with an 'Other' option, a scored radio, a checkbox with
 * scored options and an 'Other', a two-row matrix, a bounded number, a slider with end labels, and a text. Four
 * scales: total (every scored item), anxiety (the matrix by its table's linkId), pain (the slider), sleep (no
 * ranges).
 */
export const TEST_DEFINITION: QuestionnaireDefinition = {
  url: 'https://fhir.example.org/Questionnaire/wellbeing',
  version: '1',
  title: t('Wellbeing check', 'Control de bienestar', { fr: 'Bilan de bien-être' }),
  description: t('A few questions about the last two weeks', 'Algunas preguntas sobre las dos últimas semanas'),
  patientInstructions: t('Answer for the last two weeks.', 'Responda por las dos últimas semanas.'),
  completionMessage: t('Thank you, your nurse will call you.', 'Gracias, su enfermera le llamará.'),
  items: [
    {
      ...base,
      questionnaireItemId: 1,
      linkId: 'intro',
      type: 'SectionHeader',
      fhirType: 'display',
      isRequired: false,
      text: t('About you', 'Sobre usted'),
    },
    {
      ...base,
      questionnaireItemId: 2,
      linkId: 'last-visit',
      type: 'Date',
      fhirType: 'date',
      text: t('Date of your last visit', 'Fecha de su última visita'),
    },
    {
      ...base,
      questionnaireItemId: 3,
      linkId: 'transport',
      type: 'Dropdown',
      fhirType: 'open-choice',
      text: t('How did you get here today?', '¿Cómo llegó hoy?'),
      options: [
        { listAnswerId: 1, system: null, code: null, text: t('Car', 'Coche'), ordinal: null, isOtherOption: false },
        { listAnswerId: 2, system: null, code: null, text: t('Bus', 'Autobús'), ordinal: null, isOtherOption: false },
        { listAnswerId: 3, system: null, code: null, text: t('Other', 'Otro'), ordinal: null, isOtherOption: true },
      ],
    },
    {
      ...base,
      questionnaireItemId: 4,
      linkId: 'interest',
      type: 'Radio',
      fhirType: 'choice',
      prefix: '1.',
      text: t('Little interest or pleasure in doing things', 'Poco interés o placer en hacer cosas'),
      options: frequencyOptions(),
    },
    {
      ...base,
      questionnaireItemId: 5,
      linkId: 'symptoms',
      type: 'Checkbox',
      fhirType: 'choice',
      isRequired: false,
      text: t('Which symptoms have you had?', '¿Qué síntomas ha tenido?'),
      options: [
        {
          listAnswerId: 1,
          system: null,
          code: 'fatigue',
          text: t('Fatigue', 'Cansancio'),
          ordinal: 1,
          isOtherOption: false,
        },
        {
          listAnswerId: 2,
          system: null,
          code: 'nausea',
          text: t('Nausea', 'Náuseas'),
          ordinal: 1,
          isOtherOption: false,
        },
        { listAnswerId: 3, system: null, code: 'pain', text: t('Pain', 'Dolor'), ordinal: 2, isOtherOption: false },
        { listAnswerId: 4, system: null, code: null, text: t('Other', 'Otro'), ordinal: null, isOtherOption: true },
      ],
    },
    {
      ...base,
      questionnaireItemId: 6,
      linkId: 'nervous',
      type: 'Matrix',
      fhirType: 'choice',
      matrixGuid: 'mood',
      text: t('Feeling nervous, anxious or on edge', 'Sentirse nervioso, ansioso o con los nervios de punta'),
      options: frequencyOptions(),
    },
    {
      ...base,
      questionnaireItemId: 7,
      linkId: 'worry',
      type: 'Matrix',
      fhirType: 'choice',
      matrixGuid: 'mood',
      text: t('Not being able to stop worrying', 'No poder dejar de preocuparse'),
      options: frequencyOptions(),
    },
    {
      ...base,
      questionnaireItemId: 8,
      linkId: 'sleep',
      type: 'Number',
      fhirType: 'integer',
      text: t('How many hours did you sleep last night?', '¿Cuántas horas durmió anoche?'),
      lowerBound: 0,
      upperBound: 24,
    },
    {
      ...base,
      questionnaireItemId: 9,
      linkId: 'pain',
      type: 'Slider',
      fhirType: 'integer',
      text: t('Rate your pain', 'Califique su dolor'),
      lowerBound: 0,
      upperBound: 10,
      lowerBoundLabel: t('No pain', 'Sin dolor'),
      upperBoundLabel: t('Worst pain', 'El peor dolor'),
    },
    {
      ...base,
      questionnaireItemId: 10,
      linkId: 'notes',
      type: 'Text',
      fhirType: 'text',
      isRequired: false,
      isMultiLine: true,
      text: t('Anything else you want us to know?', '¿Algo más que quiera contarnos?'),
    },
  ],
  scales: [
    {
      code: 'total',
      name: t('Total score', 'Puntuación total'),
      linkIds: null,
      ranges: [
        { min: 0, max: 4, message: t('Minimal symptoms.', 'Síntomas mínimos.') },
        { min: 5, max: 9, message: t('Mild symptoms.', 'Síntomas leves.') },
        { min: 10, max: 100, message: t('Your care team will follow up.', 'Su equipo de atención le contactará.') },
      ],
    },
    {
      code: 'anxiety',
      name: t('Anxiety', 'Ansiedad'),
      linkIds: ['mood'],
      ranges: [
        { min: 0, max: 2, message: t('Low anxiety.', 'Ansiedad baja.') },
        { min: 3, max: 6, message: t('High anxiety.', 'Ansiedad alta.') },
      ],
    },
    {
      code: 'pain',
      name: t('Pain', 'Dolor'),
      linkIds: ['pain'],
      ranges: [
        { min: 0, max: 3, message: t('Mild pain.', 'Dolor leve.') },
        { min: 4, max: 10, message: t('Significant pain.', 'Dolor importante.') },
      ],
    },
    { code: 'sleep', name: t('Sleep', 'Sueño'), linkIds: ['sleep'], ranges: [] },
  ],
};

/** A template of the facility with this definition (a new external id each time). */
export async function insertTemplate(
  db: DbOrTx,
  facilityId: number,
  definition: QuestionnaireDefinition = TEST_DEFINITION,
): Promise<number> {
  const externalId = `test-${definition.title.text.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 10)}`;
  const [row] = await db
    .insert(questionnaireTemplates)
    .values({
      facilityId,
      externalId,
      title: definition.title.text,
      definition,
      resource: { resourceType: 'Questionnaire', status: 'active', title: definition.title.text },
      contentHash: externalId,
    })
    .returning({ id: questionnaireTemplates.id });
  return row!.id;
}

export type AssignmentValues = Partial<typeof questionnaireAssignments.$inferInsert>;

/** An assignment of a template to a patient: due in a week, available from a week ago, unless told. */
export async function insertAssignment(
  db: DbOrTx,
  patientId: number,
  templateId: number,
  values: AssignmentValues = {},
): Promise<number> {
  const today = await patientToday(db, patientId);
  const [row] = await db
    .insert(questionnaireAssignments)
    .values({
      patientId,
      templateId,
      dueDate: addDays(today, 7),
      availableFrom: addDays(today, -7),
      ...values,
    })
    .returning({ id: questionnaireAssignments.id });
  return row!.id;
}

/** Today in the patient's home facility's time zone. */
export async function patientToday(db: DbOrTx, patientId: number): Promise<string> {
  const [row] = await db
    .select({ facilityId: patients.homeFacilityId, timeZoneId: facilities.timeZoneId })
    .from(patients)
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .where(eq(patients.id, patientId));
  if (!row) throw new Error(`no patient ${patientId}`);
  return localDate(new Date(), row.timeZoneId);
}

/**
 * One of the patient's assignments the Current list shows (`current`) and one of their history (`history`): the
 * demo seed's when it has them, else new ones. Dates keep a day's margin, so any facility zone agrees.
 */
export async function questionnaireRecordsOf(
  db: DbOrTx,
  patientId: number,
): Promise<{ current: number; history: number }> {
  const today = await patientToday(db, patientId);
  const [current] = await db
    .select({ id: questionnaireAssignments.id })
    .from(questionnaireAssignments)
    .innerJoin(questionnaireTemplates, eq(questionnaireTemplates.id, questionnaireAssignments.templateId))
    .where(
      and(
        eq(questionnaireAssignments.patientId, patientId),
        isNull(questionnaireAssignments.withdrawnAt),
        isNull(questionnaireTemplates.withdrawnAt),
        inArray(questionnaireAssignments.status, ['assigned', 'started']),
        lte(questionnaireAssignments.availableFrom, addDays(today, -1)),
        gte(questionnaireAssignments.dueDate, addDays(today, 1)),
      ),
    )
    .orderBy(questionnaireAssignments.id)
    .limit(1);
  const [history] = await db
    .select({ id: questionnaireAssignments.id })
    .from(questionnaireAssignments)
    .where(
      and(
        eq(questionnaireAssignments.patientId, patientId),
        isNull(questionnaireAssignments.withdrawnAt),
        inArray(questionnaireAssignments.status, ['completed', 'declined']),
      ),
    )
    .orderBy(questionnaireAssignments.id)
    .limit(1);
  if (current && history) return { current: current.id, history: history.id };
  const [patient] = await db
    .select({ facilityId: patients.homeFacilityId })
    .from(patients)
    .where(eq(patients.id, patientId));
  const templateId = await insertTemplate(db, patient!.facilityId);
  return {
    current: current?.id ?? (await insertAssignment(db, patientId, templateId)),
    history:
      history?.id ??
      (await insertAssignment(db, patientId, templateId, {
        status: 'declined',
        completedAt: new Date(),
        dueDate: addDays(today, -2),
        availableFrom: addDays(today, -9),
      })),
  };
}
