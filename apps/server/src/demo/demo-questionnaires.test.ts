import {
  QUESTIONNAIRE_MISSED_AFTER_DAYS,
  type AssignedQuestionnaireSummary,
  type KioskPatientRow,
  type QuestionnaireAnswer,
} from '@portal/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, openApiApp, type TestApp } from '../../test/api';
import type { AccessFixture } from '../../test/access-fixture';
import {
  facilities,
  kioskStaffFacilities,
  patients,
  questionnaireAssignments,
  questionnaireTemplates,
  users,
} from '../db/schema/index';
import type { LocalText, QuestionnaireDefinition, StoredScore } from '../modules/questionnaires/definition';
import { readFhirQuestionnaire } from '../modules/questionnaires/fhir-questionnaire';
import { scoreAnswers, scoreMessages } from '../modules/questionnaires/scoring';
import { addDays, localDate } from '../platform/time/time';
import { DEMO_SECRETS } from './demo';
import { DEMO_QUESTIONNAIRES, KIOSK_PATIENTS } from './demo-questionnaires';
import { DT_THERMOMETER_LINK_ID } from './questionnaires/distress-thermometer';
import { ESAS_OTHER_LINK_ID } from './questionnaires/esas-r';
import { LANGUAGES } from './questionnaires/fhir-builder';
import { GAD7_ITEM_LINK_IDS } from './questionnaires/gad-7';
import { PHQ9_ITEM_LINK_IDS } from './questionnaires/phq-9';

const definitions = Object.fromEntries(
  Object.entries(DEMO_QUESTIONNAIRES).map(([key, { resource }]) => [key, readFhirQuestionnaire(resource)]),
) as Record<keyof typeof DEMO_QUESTIONNAIRES, QuestionnaireDefinition>;

const itemOf = (definition: QuestionnaireDefinition, linkId: string) => {
  const item = definition.items.find((i) => i.linkId === linkId);
  if (!item) throw new Error(`no item ${linkId}`);
  return item;
};
const answer = (questionnaireItemId: number, value: Partial<QuestionnaireAnswer>): QuestionnaireAnswer => ({
  questionnaireItemId,
  listAnswerId: null,
  otherOptionText: null,
  isChecked: null,
  numberAnswer: null,
  textAnswer: null,
  dateAnswer: null,
  ...value,
});
/** The option whose ordinal is `score`, for each item in turn. */
const choices = (definition: QuestionnaireDefinition, linkIds: string[], scores: number[]) =>
  linkIds.map((linkId, i) => {
    const item = itemOf(definition, linkId);
    const option = item.options.find((o) => o.ordinal === scores[i]);
    if (!option) throw new Error(`no option ${scores[i]} in ${linkId}`);
    return answer(item.questionnaireItemId, { listAnswerId: option.listAnswerId });
  });
const ratings = (definition: QuestionnaireDefinition, values: Record<string, number>) =>
  Object.entries(values).map(([linkId, value]) =>
    answer(itemOf(definition, linkId).questionnaireItemId, { numberAnswer: value }),
  );
/** The scores with the English message of the range each falls in. */
const scored = (definition: QuestionnaireDefinition, answers: QuestionnaireAnswer[]) =>
  scoreMessages(definition, scoreAnswers(definition, answers), 'en');
const messageOf = (definition: QuestionnaireDefinition, code: string, min: number) => {
  const range = definition.scales.find((s) => s.code === code)?.ranges.find((r) => r.min === min);
  if (!range) throw new Error(`no range ${code} from ${min}`);
  return range.message.text;
};

/** Every LocalText of a definition, found by walking it, with where it is. */
function localTexts(value: unknown, path = 'definition'): { path: string; text: LocalText }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => localTexts(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  if (typeof record.text === 'string' && typeof record.translations === 'object') {
    return [{ path, text: record as unknown as LocalText }];
  }
  return Object.entries(record).flatMap(([key, v]) => localTexts(v, `${path}.${key}`));
}

describe('the demo questionnaire library', () => {
  it('imports every instrument through the FHIR reader', () => {
    expect(Object.keys(definitions)).toEqual(['phq9', 'gad7', 'esas', 'distress', 'preVisit']);
    const types = (key: keyof typeof definitions) => new Set(definitions[key].items.map((i) => i.type));
    expect(definitions.phq9.items.filter((i) => i.type === 'Radio')).toHaveLength(10);
    expect(definitions.gad7.items.filter((i) => i.type === 'Radio')).toHaveLength(8);
    expect(definitions.esas.items.filter((i) => i.type === 'Slider')).toHaveLength(10);
    expect(types('distress')).toEqual(new Set(['Slider', 'SectionHeader', 'Checkbox']));
    // The pre-visit form shows every kind of question the portal has.
    expect(types('preVisit')).toEqual(
      new Set(['Date', 'Dropdown', 'Radio', 'Checkbox', 'Matrix', 'Number', 'Slider', 'Text', 'SectionHeader']),
    );
    const preVisit = definitions.preVisit;
    expect(preVisit.items.filter((i) => i.type === 'Matrix').map((i) => i.matrixGuid)).toEqual(
      Array(4).fill('past-week'),
    );
    expect(itemOf(preVisit, 'falls')).toMatchObject({ lowerBound: 0, upperBound: 20, isRequired: true });
    expect(itemOf(preVisit, 'transport').options.at(-1)).toMatchObject({ isOtherOption: true });
    expect(itemOf(preVisit, 'companion').options.at(-1)).toMatchObject({ isOtherOption: true });
    expect(preVisit.items.filter((i) => i.type === 'Text').map((i) => i.isMultiLine)).toEqual([false, true]);
    expect(preVisit.items.some((i) => i.isRequired)).toBe(true);
    expect(preVisit.items.some((i) => i.type !== 'SectionHeader' && !i.isRequired)).toBe(true);
    for (const [key, definition] of Object.entries(definitions)) {
      expect(definition.patientInstructions, key).not.toBeNull();
      expect(definition.completionMessage, key).not.toBeNull();
    }
  });

  it('keeps the published LOINC codes of the PHQ-9 and GAD-7', () => {
    expect(DEMO_QUESTIONNAIRES.phq9.resource.code).toEqual([
      { system: 'http://loinc.org', code: '44249-1', display: 'PHQ-9 quick depression assessment panel' },
    ]);
    expect(PHQ9_ITEM_LINK_IDS).toEqual([
      '/44250-9',
      '/44255-8',
      '/44259-0',
      '/44254-1',
      '/44251-7',
      '/44258-2',
      '/44252-5',
      '/44253-3',
      '/44260-8',
    ]);
    expect(GAD7_ITEM_LINK_IDS).toEqual([
      '/69725-0',
      '/68509-9',
      '/69733-0',
      '/69734-8',
      '/69735-5',
      '/69689-8',
      '/69736-3',
    ]);
    const options = itemOf(definitions.phq9, '/44250-9').options;
    expect(options.map((o) => [o.system, o.code, o.ordinal])).toEqual([
      ['http://loinc.org', 'LA6568-5', 0],
      ['http://loinc.org', 'LA6569-3', 1],
      ['http://loinc.org', 'LA6570-1', 2],
      ['http://loinc.org', 'LA6571-9', 3],
    ]);
    // The difficulty question is asked but not scored.
    expect(itemOf(definitions.phq9, '/69722-7').options.map((o) => o.ordinal)).toEqual([null, null, null, null]);
  });

  it('has every text of every instrument in Spanish, French, Portuguese and Chinese', () => {
    for (const [key, definition] of Object.entries(definitions)) {
      const texts = localTexts(definition);
      expect(texts.length, key).toBeGreaterThan(10);
      for (const { path, text } of texts) {
        expect(text.text.trim(), `${key} ${path}`).not.toBe('');
        for (const language of LANGUAGES) {
          expect(text.translations[language]?.trim() ?? '', `${key} ${path} ${language}`).not.toBe('');
        }
      }
      // Real translations: the Spanish title, instructions and messages are not the English ones.
      const differ = texts.filter(({ text }) => text.translations.es !== text.text).length;
      expect(differ / texts.length, key).toBeGreaterThan(0.9);
    }
  });

  it('scores the PHQ-9: 1,1,2,2,0,1,3,0,1 is 11, the moderate range, and question 9 asks to talk today', () => {
    const phq9 = definitions.phq9;
    const answers = choices(phq9, PHQ9_ITEM_LINK_IDS, [1, 1, 2, 2, 0, 1, 3, 0, 1]);
    // The unscored difficulty question changes nothing.
    const difficulty = itemOf(phq9, '/69722-7');
    answers.push(answer(difficulty.questionnaireItemId, { listAnswerId: difficulty.options[3]!.listAnswerId }));
    const [total, question9] = scored(phq9, answers);
    expect(total).toMatchObject({ scoreCode: 'total', scoreName: 'PHQ-9 total score', score: 11 });
    expect(total!.patientMessageOnCompletion).toBe(messageOf(phq9, 'total', 10));
    expect(total!.patientMessageOnCompletion).toContain('moderate');
    expect(question9).toMatchObject({ scoreCode: 'question9', score: 1 });
    expect(question9!.patientMessageOnCompletion).toContain('talk with your care team today');

    const none = scored(phq9, choices(phq9, PHQ9_ITEM_LINK_IDS, [0, 0, 0, 0, 1, 1, 0, 0, 0]));
    expect(none.map((s) => [s.score, s.patientMessageOnCompletion])).toEqual([
      [2, messageOf(phq9, 'total', 0)],
      [0, null],
    ]);
    expect(scored(phq9, choices(phq9, PHQ9_ITEM_LINK_IDS, [3, 3, 3, 3, 3, 3, 3, 3, 0]))[0]).toMatchObject({
      score: 24,
      patientMessageOnCompletion: messageOf(phq9, 'total', 20),
    });
    // Read in Chinese, the same score has the Chinese message.
    const [inChinese] = scoreMessages(phq9, scoreAnswers(phq9, answers), 'zh-CN');
    expect(inChinese!.patientMessageOnCompletion).toContain('中等程度');
  });

  it('scores the GAD-7 at the edges of its ranges', () => {
    const gad7 = definitions.gad7;
    const total = (scores: number[]) => scored(gad7, choices(gad7, GAD7_ITEM_LINK_IDS, scores))[0]!;
    expect(total([2, 1, 1, 0, 0, 1, 0])).toMatchObject({
      score: 5,
      patientMessageOnCompletion: messageOf(gad7, 'total', 5),
    });
    expect(total([2, 2, 2, 2, 1, 1, 0])).toMatchObject({
      score: 10,
      patientMessageOnCompletion: messageOf(gad7, 'total', 10),
    });
    expect(total([3, 3, 2, 2, 1, 2, 2]).patientMessageOnCompletion).toBe(messageOf(gad7, 'total', 15));
    expect(total([3, 3, 3, 3, 3, 3, 3]).score).toBe(21);
    expect(total([0, 0, 0, 0, 1, 1, 1])).toMatchObject({
      score: 3,
      patientMessageOnCompletion: messageOf(gad7, 'total', 0),
    });
  });

  it('scores the ESAS-r: the total of the nine symptoms, the six physical ones and depression with anxiety', () => {
    const esas = definitions.esas;
    const answers = ratings(esas, {
      pain: 3,
      tiredness: 6,
      drowsiness: 2,
      nausea: 1,
      appetite: 4,
      'shortness-of-breath': 0,
      depression: 2,
      anxiety: 3,
      wellbeing: 4,
      // The patient's own problem counts in no score.
      [ESAS_OTHER_LINK_ID]: 9,
    });
    expect(scored(esas, answers).map((s) => [s.scoreCode, s.score, s.patientMessageOnCompletion])).toEqual([
      ['total', 25, messageOf(esas, 'total', 0)],
      ['physical', 16, messageOf(esas, 'physical', 0)],
      ['emotional', 5, messageOf(esas, 'emotional', 0)],
    ]);
    const worse = ratings(esas, {
      pain: 7,
      tiredness: 8,
      drowsiness: 5,
      nausea: 6,
      appetite: 7,
      'shortness-of-breath': 4,
      depression: 7,
      anxiety: 8,
      wellbeing: 8,
    });
    expect(scored(esas, worse).map((s) => [s.score, s.patientMessageOnCompletion])).toEqual([
      [60, messageOf(esas, 'total', 55)],
      [37, messageOf(esas, 'physical', 37)],
      [15, messageOf(esas, 'emotional', 13)],
    ]);
  });

  it('scores the distress thermometer on the thermometer alone, 4 and more asking to talk', () => {
    const dt = definitions.distress;
    const practical = itemOf(dt, 'practical-problems');
    const checked = practical.options
      .slice(0, 3)
      .map((o) => answer(practical.questionnaireItemId, { listAnswerId: o.listAnswerId, isChecked: true }));
    expect(scored(dt, [...ratings(dt, { [DT_THERMOMETER_LINK_ID]: 6 }), ...checked])).toEqual([
      {
        scoreCode: 'distress',
        scoreName: 'Distress score',
        score: 6,
        patientMessageOnCompletion: messageOf(dt, 'distress', 4),
        interpretation: null,
      },
    ]);
    expect(scored(dt, ratings(dt, { [DT_THERMOMETER_LINK_ID]: 3 }))[0]!.patientMessageOnCompletion).toBe(
      messageOf(dt, 'distress', 0),
    );
    expect(itemOf(dt, 'physical-problems').options.at(-1)).toMatchObject({ isOtherOption: true });
  });
});

describe('the demo seed’s questionnaires', () => {
  let t: TestApp;
  let fx: AccessFixture;
  let api: Awaited<ReturnType<typeof openApiApp>>['api'];
  let db: TestApp['database']['db'];

  beforeAll(async () => {
    ({ t, fx, api, db } = await openApiApp());
  });
  afterAll(async () => {
    await t?.close();
  });

  const facilityId = async (shortName: string) => {
    const [row] = await db.select().from(facilities).where(eq(facilities.shortName, shortName));
    return row!;
  };
  const assignmentsOf = (patientId: number) =>
    db
      .select({ assignment: questionnaireAssignments, externalId: questionnaireTemplates.externalId })
      .from(questionnaireAssignments)
      .innerJoin(questionnaireTemplates, eq(questionnaireTemplates.id, questionnaireAssignments.templateId))
      .where(eq(questionnaireAssignments.patientId, patientId))
      .orderBy(questionnaireAssignments.dueDate);

  it('gives Riverside the whole library and Lakeside the three screening instruments', async () => {
    const riverside = await facilityId('Riverside');
    const lakeside = await facilityId('Lakeside');
    const templates = await db.select().from(questionnaireTemplates).where(isNull(questionnaireTemplates.supersededAt));
    const of = (id: number) =>
      templates
        .filter((t) => t.facilityId === id)
        .map((t) => t.externalId)
        .sort();
    expect(of(riverside.id)).toEqual(
      Object.values(DEMO_QUESTIONNAIRES)
        .map((q) => q.externalId)
        .sort(),
    );
    expect(of(lakeside.id)).toEqual(['demo-q-distress-thermometer', 'demo-q-gad-7', 'demo-q-phq-9']);
  });

  it('gives jane one due today, one overdue, one next week and a history: completed, declined, missed', async () => {
    const [jane] = await db
      .select({ id: patients.id, userId: users.id })
      .from(patients)
      .innerJoin(users, eq(users.id, patients.userId))
      .where(eq(users.username, 'jane.doe'));
    const today = localDate(new Date(), 'America/New_York');
    const rows = await assignmentsOf(jane!.id);
    const summary = rows.map(({ assignment: a, externalId }) => ({
      externalId,
      dueDate: a.dueDate,
      status: a.status,
      startable: a.availableFrom <= today,
    }));
    expect(summary).toEqual([
      { externalId: 'demo-q-phq-9', dueDate: addDays(today, -60), status: 'assigned', startable: true },
      { externalId: 'demo-q-distress-thermometer', dueDate: addDays(today, -40), status: 'declined', startable: true },
      { externalId: 'demo-q-esas-r', dueDate: addDays(today, -20), status: 'completed', startable: true },
      { externalId: 'demo-q-gad-7', dueDate: addDays(today, -5), status: 'assigned', startable: true },
      { externalId: 'demo-q-phq-9', dueDate: today, status: 'assigned', startable: true },
      { externalId: 'demo-q-pre-visit', dueDate: addDays(today, 7), status: 'assigned', startable: true },
    ]);
    // The unanswered PHQ-9 is past the days an overdue questionnaire stays current: Missed.
    expect(addDays(today, -60) < addDays(today, -QUESTIONNAIRE_MISSED_AFTER_DAYS)).toBe(true);
    expect(addDays(today, -5) >= addDays(today, -QUESTIONNAIRE_MISSED_AFTER_DAYS)).toBe(true);

    const completed = rows.find((r) => r.assignment.status === 'completed')!.assignment;
    expect(localDate(completed.completedAt!, 'America/New_York')).toBe(addDays(today, -20));
    expect(completed.completedLoginType).toBe('patientKioskUser');
    const answers = completed.answers as QuestionnaireAnswer[];
    expect(answers).toHaveLength(11);
    expect(completed.scores).toEqual(scoreAnswers(definitions.esas, answers));
    expect(completed.scores as StoredScore[]).toEqual([
      { code: 'total', score: 25 },
      { code: 'physical', score: 16 },
      { code: 'emotional', score: 5 },
    ]);
    const declined = rows.find((r) => r.assignment.status === 'declined')!.assignment;
    expect(declined).toMatchObject({ completedByUserId: jane!.userId, answers: null, scores: null });
    expect(localDate(declined.completedAt!, 'America/New_York')).toBe(addDays(today, -40));
  });

  it('gives john his own: the ESAS-r due today and the distress thermometer in 3 days', async () => {
    const [john] = await db
      .select({ id: patients.id })
      .from(patients)
      .innerJoin(users, eq(users.id, patients.userId))
      .where(eq(users.username, 'john.smith'));
    const today = localDate(new Date(), 'America/New_York');
    expect(
      (await assignmentsOf(john!.id)).map(({ assignment: a, externalId }) => [externalId, a.dueDate, a.status]),
    ).toEqual([
      ['demo-q-esas-r', today, 'assigned'],
      ['demo-q-distress-thermometer', addDays(today, 3), 'assigned'],
    ]);
  });

  it('fills both kiosks: patients due today, one not yet active, one due tomorrow', async () => {
    const mrns = [...KIOSK_PATIENTS.riverside, ...KIOSK_PATIENTS.lakeside].map((p) => p.mrn);
    const rows = await db
      .select({
        mrn: patients.mrn,
        userId: patients.userId,
        zone: facilities.timeZoneId,
        dueDate: questionnaireAssignments.dueDate,
        availableFrom: questionnaireAssignments.availableFrom,
      })
      .from(patients)
      .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
      .innerJoin(questionnaireAssignments, eq(questionnaireAssignments.patientId, patients.id))
      .where(and(inArray(patients.mrn, mrns), eq(questionnaireAssignments.status, 'assigned')));
    expect(new Set(rows.map((r) => r.mrn))).toEqual(new Set(mrns));
    expect(rows.every((r) => r.userId === null)).toBe(true);
    const day = (r: (typeof rows)[number], offset: number) => addDays(localDate(new Date(), r.zone), offset);
    const startableToday = new Set(
      rows.filter((r) => r.dueDate === day(r, 0) && r.availableFrom <= day(r, 0)).map((r) => r.mrn),
    );
    expect(startableToday).toEqual(new Set(['RCC-100901', 'RCC-100902', 'RCC-100903', 'LCC-2002', 'LCC-2003']));
    expect(rows.filter((r) => r.mrn === 'RCC-100904').map((r) => [r.dueDate, r.availableFrom])).toEqual([
      [
        day(
          rows.find((r) => r.mrn === 'RCC-100904')!,
          0,
        ),
        day(
          rows.find((r) => r.mrn === 'RCC-100904')!,
          1,
        ),
      ],
    ]);
    const tomorrow = rows.filter((r) => r.mrn === 'RCC-100905');
    expect(tomorrow.map((r) => r.dueDate)).toEqual([day(tomorrow[0]!, 1)]);
  });

  it('shows jane, through the API, Current: overdue, due today, next week; History: completed, declined, missed', async () => {
    const today = localDate(new Date(), 'America/New_York');
    const base = `/api/patients/${fx.patientA}/assignedquestionnaires`;
    const brief = (list: AssignedQuestionnaireSummary[]) =>
      list.map((q) => [q.templateTitle, q.statusDescription, q.dueDate]);
    const current = expectOk<AssignedQuestionnaireSummary[]>(await api.get(base, 'patientA'));
    expect(brief(current)).toEqual([
      ['Anxiety questionnaire (GAD-7)', 'Assigned', addDays(today, -5)],
      ['Patient Health Questionnaire (PHQ-9)', 'Assigned', today],
      ['Before your clinic visit', 'Assigned', addDays(today, 7)],
    ]);
    const history = expectOk<AssignedQuestionnaireSummary[]>(await api.get(`${base}/history`, 'patientA'));
    expect(brief(history)).toEqual([
      ['Symptom check (ESAS-r)', 'Completed', addDays(today, -20)],
      ['Distress Thermometer and problem list', 'Declined', addDays(today, -40)],
      ['Patient Health Questionnaire (PHQ-9)', 'Missed', addDays(today, -60)],
    ]);
    // In Jane's history, in Spanish: the ESAS-r's scores with their messages.
    const completed = history[0]!;
    const review = expectOk<{
      patientScoreList: { scoreCode: string; score: number; patientMessageOnCompletion: string }[];
    }>(await api.get(`${base}/history/${completed.assignedQuestionnaireId}?language=es-MX`, 'patientA'));
    expect(review.patientScoreList.map((s) => [s.scoreCode, s.score])).toEqual([
      ['total', 25],
      ['physical', 16],
      ['emotional', 5],
    ]);
    expect(review.patientScoreList[0]!.patientMessageOnCompletion).toMatch(/^En general, sus síntomas son leves/);
  });

  it('lists the kiosk patients of the day for the front desk: both facilities, one not yet active, one tomorrow', async () => {
    const kiosk = async (zone: string, offset: number) =>
      expectOk<KioskPatientRow[]>(
        await api.get(
          `/api/kiosk/questionnaires?dueDate=${addDays(localDate(new Date(), zone), offset)}`,
          'kioskStaff',
        ),
      );
    const rows = (list: KioskPatientRow[], facility: string) =>
      list
        .filter((r) => r.facilityShortName === facility)
        .map((r) => [r.mrn, r.questionnaireTitles.length, r.canStartByPatient])
        .sort();
    expect(rows(await kiosk('America/New_York', 0), 'Riverside')).toEqual(
      [
        ['RCC-100234', 1, true],
        ['RCC-100871', 1, true],
        ['RCC-100901', 2, true],
        ['RCC-100902', 1, true],
        ['RCC-100903', 2, true],
        ['RCC-100904', 1, false],
      ].sort(),
    );
    expect(rows(await kiosk('America/New_York', 0), 'Lakeside')).toEqual([
      ['LCC-2002', 2, true],
      ['LCC-2003', 1, true],
    ]);
    expect(rows(await kiosk('America/New_York', 1), 'Riverside')).toEqual([['RCC-100905', 1, true]]);
  });

  it('lets the kiosk staff serve Lakeside too, and gives each facility its kiosk entry secret', async () => {
    const [staff] = await db.select().from(users).where(eq(users.username, 'kiosk.staff'));
    const lakeside = await facilityId('Lakeside');
    expect(await db.select().from(kioskStaffFacilities)).toEqual([{ userId: staff!.id, facilityId: lakeside.id }]);
    expect((await facilityId('Riverside')).kioskEntrySecret).toBe(DEMO_SECRETS.kioskEntryRiverside);
    expect(lakeside.kioskEntrySecret).toBe(DEMO_SECRETS.kioskEntryLakeside);
    for (const secret of [DEMO_SECRETS.kioskEntryRiverside, DEMO_SECRETS.kioskEntryLakeside]) {
      expect(secret).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    }
  });
});
