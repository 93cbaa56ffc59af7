import type { QuestionnaireAnswer } from '@portal/contracts';
import type { Tx } from '../db/client';
import type { QuestionnaireDefinition } from '../modules/questionnaires/definition';
import {
  putQuestionnaireAssignment,
  putQuestionnaireTemplate,
  type QuestionnaireAssignmentHistory,
} from '../modules/questionnaires/questionnaires.intake';
import { scoreAnswers } from '../modules/questionnaires/scoring';
import { addDays, localDate, zonedInstant } from '../platform/time/time';
import type { DemoContext } from './demo-context';
import { DISTRESS_THERMOMETER } from './questionnaires/distress-thermometer';
import { ESAS_OTHER_LINK_ID, ESAS_OTHER_NAME_LINK_ID, ESAS_R } from './questionnaires/esas-r';
import type { FhirElement } from './questionnaires/fhir-builder';
import { GAD7 } from './questionnaires/gad-7';
import { PHQ9 } from './questionnaires/phq-9';
import { PRE_VISIT } from './questionnaires/pre-visit';
import { seededPatientId } from '../platform/integration/integration-patients';

const NEW_YORK = 'America/New_York';
const CHICAGO = 'America/Chicago';

/** The demo's instruments, as a facility's system would send them, under the facility's own identifiers. */
export const DEMO_QUESTIONNAIRES = {
  phq9: { externalId: 'demo-q-phq-9', resource: PHQ9 },
  gad7: { externalId: 'demo-q-gad-7', resource: GAD7 },
  esas: { externalId: 'demo-q-esas-r', resource: ESAS_R },
  distress: { externalId: 'demo-q-distress-thermometer', resource: DISTRESS_THERMOMETER },
  preVisit: { externalId: 'demo-q-pre-visit', resource: PRE_VISIT },
} as const satisfies Record<string, { externalId: string; resource: FhirElement }>;
export type DemoInstrument = keyof typeof DEMO_QUESTIONNAIRES;

/** Riverside keeps the whole library; Lakeside the three short screening instruments. */
const LIBRARIES: Record<'riverside' | 'lakeside', DemoInstrument[]> = {
  riverside: ['phq9', 'gad7', 'esas', 'distress', 'preVisit'],
  lakeside: ['phq9', 'gad7', 'distress'],
};

/** A patient without a portal account who answers questionnaires on a clinic's kiosk. */
export interface KioskPatient {
  mrn: string;
  firstName: string;
  lastName: string;
  sex: 'F' | 'M';
  /** Age this year, and the birthday: the date of birth stays that many years before today. */
  age: number;
  birthday: [month: number, day: number];
  city: string;
  state: string;
  preferredLanguage: string;
  /** What is due for them, relative to today in their facility (0: today). */
  questionnaires: { instrument: DemoInstrument; dueOffset: number; availableOffset?: number }[];
}

/**
 * The kiosk's patients of the day in both facilities, and two who show the list's edges: one whose questionnaire
 * is due today but not yet active (it opens tomorrow), and one due tomorrow (the date picker's next day).
 */
export const KIOSK_PATIENTS: Record<'riverside' | 'lakeside', KioskPatient[]> = {
  riverside: [
    {
      mrn: 'RCC-100901',
      firstName: 'Grace',
      lastName: 'Thompson',
      sex: 'F',
      age: 67,
      birthday: [2, 19],
      city: 'Latham',
      state: 'New York',
      preferredLanguage: 'en-US',
      questionnaires: [
        { instrument: 'esas', dueOffset: 0 },
        { instrument: 'phq9', dueOffset: 0 },
      ],
    },
    {
      mrn: 'RCC-100902',
      firstName: 'Luis',
      lastName: 'Hernández',
      sex: 'M',
      age: 52,
      birthday: [8, 3],
      city: 'Troy',
      state: 'New York',
      preferredLanguage: 'es-MX',
      questionnaires: [{ instrument: 'distress', dueOffset: 0 }],
    },
    {
      mrn: 'RCC-100903',
      firstName: 'Mei',
      lastName: 'Chen',
      sex: 'F',
      age: 44,
      birthday: [12, 8],
      city: 'Albany',
      state: 'New York',
      preferredLanguage: 'zh-CN',
      questionnaires: [
        { instrument: 'gad7', dueOffset: 0 },
        { instrument: 'preVisit', dueOffset: 0 },
      ],
    },
    {
      mrn: 'RCC-100904',
      firstName: 'Daniel',
      lastName: 'Brooks',
      sex: 'M',
      age: 61,
      birthday: [5, 27],
      city: 'Schenectady',
      state: 'New York',
      preferredLanguage: 'en-US',
      // Due today, but the clinic opens it only from tomorrow: 'Questionnaires not yet active'.
      questionnaires: [{ instrument: 'esas', dueOffset: 0, availableOffset: 1 }],
    },
    {
      mrn: 'RCC-100905',
      firstName: 'Ana',
      lastName: 'Souza',
      sex: 'F',
      age: 73,
      birthday: [10, 14],
      city: 'Cohoes',
      state: 'New York',
      preferredLanguage: 'pt-BR',
      questionnaires: [{ instrument: 'phq9', dueOffset: 1 }],
    },
  ],
  lakeside: [
    {
      mrn: 'LCC-2002',
      firstName: 'Carmen',
      lastName: 'Ortiz',
      sex: 'F',
      age: 49,
      birthday: [1, 30],
      city: 'Madison',
      state: 'Wisconsin',
      preferredLanguage: 'es-MX',
      questionnaires: [
        { instrument: 'phq9', dueOffset: 0 },
        { instrument: 'gad7', dueOffset: 0 },
      ],
    },
    {
      mrn: 'LCC-2003',
      firstName: 'Thomas',
      lastName: 'Nguyen',
      sex: 'M',
      age: 58,
      birthday: [7, 11],
      city: 'Middleton',
      state: 'Wisconsin',
      preferredLanguage: 'en-US',
      questionnaires: [{ instrument: 'distress', dueOffset: 0 }],
    },
  ],
};

/** An answer as the portal stores it, every field not given null. */
function answer(questionnaireItemId: number, value: Partial<QuestionnaireAnswer>): QuestionnaireAnswer {
  return {
    questionnaireItemId,
    listAnswerId: null,
    otherOptionText: null,
    isChecked: null,
    numberAnswer: null,
    textAnswer: null,
    dateAnswer: null,
    ...value,
  };
}

function itemIdOf(definition: QuestionnaireDefinition, linkId: string): number {
  const item = definition.items.find((i) => i.linkId === linkId);
  if (!item) throw new Error(`The demo questionnaire has no item ${linkId}`);
  return item.questionnaireItemId;
}

/** Jane's symptom check of three weeks ago, answered on the clinic's kiosk before a visit. */
function janeSymptomCheck(definition: QuestionnaireDefinition): QuestionnaireAnswer[] {
  const ratings: Record<string, number> = {
    pain: 3,
    tiredness: 6,
    drowsiness: 2,
    nausea: 1,
    appetite: 4,
    'shortness-of-breath': 0,
    depression: 2,
    anxiety: 3,
    wellbeing: 4,
    [ESAS_OTHER_LINK_ID]: 3,
  };
  return [
    ...Object.entries(ratings).map(([linkId, value]) => answer(itemIdOf(definition, linkId), { numberAnswer: value })),
    answer(itemIdOf(definition, ESAS_OTHER_NAME_LINK_ID), { textAnswer: 'Constipation' }),
  ];
}

/**
 * The demo's questionnaires: each facility's library, imported as its system would (FHIR Questionnaires through
 * the templates' intake), and assignments whose days are relative to `now` in the facility's zone. Jane has one of
 * each state: due today, overdue, due next week, and a history (completed with answers and scores, declined,
 * missed); John has his own; the kiosk patients fill the front desks' lists.
 */
export async function seedDemoQuestionnaires(tx: Tx, context: DemoContext, now = new Date()): Promise<void> {
  const { riversideId, lakesideId, janeId, janeUserId, johnId, samId, kioskPatientIds } = context;

  const riversideDefinitions = new Map<DemoInstrument, QuestionnaireDefinition>();
  for (const [facility, facilityId] of [
    ['riverside', riversideId],
    ['lakeside', lakesideId],
  ] as const) {
    for (const instrument of LIBRARIES[facility]) {
      const { externalId, resource } = DEMO_QUESTIONNAIRES[instrument];
      const { definition } = await putQuestionnaireTemplate(tx, facilityId, externalId, resource);
      if (facility === 'riverside') riversideDefinitions.set(instrument, definition);
    }
  }

  const days = {
    riverside: (offset: number) => addDays(localDate(now, NEW_YORK), offset),
    lakeside: (offset: number) => addDays(localDate(now, CHICAGO), offset),
  };
  const counters = new Map<string, number>();
  const assign = async (
    daysOf: 'riverside' | 'lakeside',
    patientId: number,
    who: string,
    instrument: DemoInstrument,
    due: number,
    options: { availableOffset?: number; history?: QuestionnaireAssignmentHistory } = {},
  ) => {
    const n = (counters.get(who) ?? 0) + 1;
    counters.set(who, n);
    const day = days[daysOf];
    return putQuestionnaireAssignment(
      tx,
      seededPatientId(patientId),
      `demo-qa-${who}-${n}`,
      {
        templateExternalId: DEMO_QUESTIONNAIRES[instrument].externalId,
        dueDate: day(due),
        availableFrom: day(options.availableOffset ?? Math.min(due, 0) - 7),
      },
      options.history,
    );
  };

  /* jane.doe: one of each state */
  const esasDefinition = riversideDefinitions.get('esas');
  if (!esasDefinition) throw new Error('Seeding the ESAS-r template failed');
  const symptomCheck = janeSymptomCheck(esasDefinition);
  await assign('riverside', janeId, 'jane', 'esas', -20, {
    history: {
      status: 'completed',
      at: zonedInstant(days.riverside(-20), 10, 20, NEW_YORK),
      loginType: 'patientKioskUser',
      answers: symptomCheck,
      scores: scoreAnswers(esasDefinition, symptomCheck),
    },
  });
  await assign('riverside', janeId, 'jane', 'distress', -40, {
    history: {
      status: 'declined',
      at: zonedInstant(days.riverside(-40), 18, 5, NEW_YORK),
      loginType: 'userNamePassword',
      userId: janeUserId,
    },
  });
  // Never answered: Missed once its due date is more than 30 days behind.
  await assign('riverside', janeId, 'jane', 'phq9', -60);
  await assign('riverside', janeId, 'jane', 'gad7', -5);
  await assign('riverside', janeId, 'jane', 'phq9', 0);
  // Due next week and open now, so the form with every kind of question can be tried at once.
  await assign('riverside', janeId, 'jane', 'preVisit', 7, { availableOffset: 0 });

  /* john.smith: his own */
  await assign('riverside', johnId, 'john', 'esas', 0);
  await assign('riverside', johnId, 'john', 'distress', 3, { availableOffset: 0 });

  /* sam.lee: Lakeside's portal patient */
  await assign('lakeside', samId, 'sam', 'gad7', 2, { availableOffset: 0 });

  /* the kiosks' patients */
  for (const facility of ['riverside', 'lakeside'] as const) {
    for (const patient of KIOSK_PATIENTS[facility]) {
      const patientId = kioskPatientIds[patient.mrn];
      if (patientId === undefined) throw new Error(`Seeding the kiosk patient ${patient.mrn} failed`);
      for (const q of patient.questionnaires) {
        // Days of the front desk that lists them all (Riverside's kiosk staff, who also serves Lakeside): from
        // midnight to 1 a.m. in New York, Chicago's day is still the day before, and a Lakeside patient due on
        // Chicago's today would drop out of the desk's list of the day.
        await assign('riverside', patientId, patient.mrn.toLowerCase(), q.instrument, q.dueOffset, {
          availableOffset: q.availableOffset ?? Math.min(q.dueOffset, 0) - 3,
        });
      }
    }
  }
}
