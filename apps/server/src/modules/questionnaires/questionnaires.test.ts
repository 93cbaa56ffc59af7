import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AssignedQuestionnaire,
  AssignedQuestionnaireSummary,
  ErrorBody,
  QuestionnaireAnswer,
} from '@portal/contracts';
import type { AccessFixture, CallerKind } from '../../../test/access-fixture';
import {
  expectError,
  expectNoContent,
  expectOk,
  injectAs,
  openApiApp,
  type Method,
  type TestApp,
} from '../../../test/api';
import {
  TEST_DEFINITION,
  insertAssignment,
  insertTemplate,
  patientToday,
  type AssignmentValues,
} from '../../../test/questionnaire-fixture';
import {
  auditEvents,
  patients,
  questionnaireAssignments,
  questionnaireDrafts,
  questionnaireTemplates,
} from '../../db/schema/index';
import { addDays } from '../../platform/time/time';
import { BUNDLED_PACKS } from '../../platform/content/language-packs';
import { DEFAULT_COMPLETION_MESSAGE, DEFAULT_COMPLETION_MESSAGE_KEY } from './questionnaire-views';

let t: TestApp;
let fx: AccessFixture;
let db: TestApp['database']['db'];
let templateId: number;
let today: string;

beforeAll(async () => {
  ({ t, fx, db } = await openApiApp());
  const [a] = await db
    .select({ facilityId: patients.homeFacilityId })
    .from(patients)
    .where(eq(patients.id, fx.patientA));
  templateId = await insertTemplate(db, a!.facilityId);
  today = await patientToday(db, fx.patientA);
});
afterAll(async () => {
  await t?.close();
});

/* ----------------------------------------------------------------- helpers */

const fresh = (values: AssignmentValues = {}, patientId = fx.patientA) =>
  insertAssignment(db, patientId, templateId, values);
const missedValues = (): AssignmentValues => ({
  dueDate: addDays(today, -31),
  availableFrom: addDays(today, -45),
});

const call = (who: CallerKind, method: Method, url: string, payload?: unknown, headers?: Record<string, string>) =>
  injectAs(t, fx, who, method, url, payload, headers);

const base = (patientId = fx.patientA) => `/api/patients/${patientId}/assignedquestionnaires`;
const list = async (who: CallerKind = 'patientA', query = '') =>
  expectOk<AssignedQuestionnaireSummary[]>(await call(who, 'GET', `${base()}${query}`));
const history = async (who: CallerKind = 'patientA', query = '') =>
  expectOk<AssignedQuestionnaireSummary[]>(await call(who, 'GET', `${base()}/history${query}`));
const newCount = async (who: CallerKind = 'patientA') => expectOk<number>(await call(who, 'GET', `${base()}/newcount`));
const open = (id: number, who: CallerKind = 'patientA', query = '') => call(who, 'GET', `${base()}/${id}${query}`);
const review = (id: number, who: CallerKind = 'patientA', query = '') =>
  call(who, 'GET', `${base()}/history/${id}${query}`);
const draft = (id: number, answers: QuestionnaireAnswer[], who: CallerKind = 'patientA') =>
  call(who, 'PUT', `${base()}/${id}/draft`, { patientQuestionAnswerList: answers });
const submit = (id: number, answers: QuestionnaireAnswer[], who: CallerKind = 'patientA', extra = {}) =>
  call(who, 'PUT', `${base()}/${id}`, { assignedQuestionnaireId: id, patientQuestionAnswerList: answers, ...extra });
const decline = (id: number, who: CallerKind = 'patientA') =>
  call(who, 'PUT', `${base()}/declinequestionnaire`, { assignedQuestionnaireId: id });

const answer = (questionnaireItemId: number, values: Partial<QuestionnaireAnswer>): QuestionnaireAnswer => ({
  questionnaireItemId,
  listAnswerId: null,
  otherOptionText: null,
  isChecked: null,
  numberAnswer: null,
  textAnswer: null,
  dateAnswer: null,
  ...values,
});
const choice = (id: number, listAnswerId: number, otherOptionText: string | null = null) =>
  answer(id, { listAnswerId, otherOptionText });
const checked = (id: number, listAnswerId: number, isChecked = true) => answer(id, { listAnswerId, isChecked });
const num = (id: number, numberAnswer: number) => answer(id, { numberAnswer });

/** Every required question answered; an unchecked option and a stray 'Other' text that are not kept. */
const VALID: QuestionnaireAnswer[] = [
  answer(2, { dateAnswer: '2026-01-05' }),
  choice(3, 3, 'Walked'),
  choice(4, 3, 'stray text on an option that is not Other'),
  checked(5, 1),
  checked(5, 2, false),
  checked(5, 3),
  choice(6, 2),
  choice(7, 3),
  num(8, 7),
  num(9, 6),
  answer(10, { textAnswer: 'Nothing else' }),
];
/** What is kept of VALID. */
const KEPT: QuestionnaireAnswer[] = [
  VALID[0]!,
  VALID[1]!,
  choice(4, 3),
  VALID[3]!,
  VALID[5]!,
  VALID[6]!,
  VALID[7]!,
  VALID[8]!,
  VALID[9]!,
  VALID[10]!,
];

async function rowOf(id: number) {
  const [row] = await db.select().from(questionnaireAssignments).where(eq(questionnaireAssignments.id, id));
  return row!;
}

/** The assignment's drafts by author ('patient', 'user:<id>'). */
async function draftsOf(id: number) {
  const rows = await db.select().from(questionnaireDrafts).where(eq(questionnaireDrafts.assignmentId, id));
  return Object.fromEntries(rows.map((r) => [r.author, r.answers]));
}

async function auditRows(eventType: string, id: number) {
  return db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.eventType, eventType),
        sql`${auditEvents.detail} ->> 'assignedQuestionnaireId' = ${String(id)}`,
      ),
    );
}

const ids = (items: { assignedQuestionnaireId: number }[], mine: number[]) =>
  items.map((i) => i.assignedQuestionnaireId).filter((id) => mine.includes(id));

/* ------------------------------------------------------------- the lists */

describe('GET .../assignedquestionnaires (Current)', () => {
  it('lists open questionnaires available today and not Missed, by due date then id', async () => {
    const later = await fresh({ dueDate: addDays(today, 3) });
    const soon = await fresh({ dueDate: addDays(today, 1) });
    const soonStarted = await fresh({ dueDate: addDays(today, 1), status: 'started', viewedAt: new Date() });
    const overdue = await fresh({ dueDate: addDays(today, -30), availableFrom: addDays(today, -40) });
    const startsToday = await fresh({ availableFrom: today });
    const upcoming = await fresh({ availableFrom: addDays(today, 1) });
    const missed = await fresh(missedValues());
    const completed = await fresh({ status: 'declined', completedAt: new Date() });
    const withdrawn = await fresh({ withdrawnAt: new Date() });
    const ofB = await fresh({}, fx.patientB);
    const mine = [later, soon, soonStarted, overdue, startsToday, upcoming, missed, completed, withdrawn, ofB];
    const body = await list();
    expect(ids(body, mine)).toEqual([overdue, soon, soonStarted, later, startsToday]);
    expect(body.find((q) => q.assignedQuestionnaireId === soon)).toEqual<AssignedQuestionnaireSummary>({
      assignedQuestionnaireId: soon,
      templateTitle: 'Wellbeing check',
      templateDescription: 'A few questions about the last two weeks',
      statusDescription: 'Assigned',
      dueDate: addDays(today, 1),
      completedDate: null,
      isNew: true,
      hasDraft: false,
      answeredBy: null,
    });
    expect(body.find((q) => q.assignedQuestionnaireId === soonStarted)).toMatchObject({
      statusDescription: 'Started',
      isNew: false,
    });
  });

  it('answers in the caller’s language: ?language, else Accept-Language', async () => {
    const id = await fresh();
    const byQuery = await list('patientA', '?language=es-MX');
    expect(byQuery.find((q) => q.assignedQuestionnaireId === id)).toMatchObject({
      templateTitle: 'Control de bienestar',
      templateDescription: 'Algunas preguntas sobre las dos últimas semanas',
    });
    const byHeader = expectOk<AssignedQuestionnaireSummary[]>(
      await call('patientA', 'GET', base(), undefined, { 'accept-language': 'fr-CA,fr;q=0.9' }),
    );
    expect(byHeader.find((q) => q.assignedQuestionnaireId === id)?.templateTitle).toBe('Bilan de bien-être');
    expectError(await call('patientA', 'GET', `${base()}?language=xx`), 400, 'validation_failed', 'language');
  });

  it('hides the open questionnaires of a template the facility withdrew, and keeps its answered ones in history', async () => {
    const withdrawnTemplate = await insertTemplate(db, fx.facilityId);
    const openOne = await insertAssignment(db, fx.patientA, withdrawnTemplate);
    const declined = await insertAssignment(db, fx.patientA, withdrawnTemplate, {
      status: 'declined',
      completedAt: new Date(),
    });
    await db
      .update(questionnaireTemplates)
      .set({ withdrawnAt: new Date() })
      .where(eq(questionnaireTemplates.id, withdrawnTemplate));
    expect(ids(await list(), [openOne, declined])).toEqual([]);
    expect(ids(await history(), [openOne, declined])).toEqual([declined]);
    expectError(await open(openOne), 404, 'not_found');
  });

  it('serves representatives, kiosk and link sessions of the patient; a stranger gets 404', async () => {
    const id = await fresh();
    for (const who of ['representativeOfA', 'kioskUserOfA', 'linkUserOfA'] as const) {
      expect(ids(await list(who), [id]), who).toEqual([id]);
    }
    expectError(await call('patientB', 'GET', base()), 404, 'not_found');
    expectError(await call('anonymous', 'GET', base()), 401, 'unauthorized');
  });
});

describe('GET .../assignedquestionnaires/newcount', () => {
  it('counts current questionnaires never opened, and drops once one is opened', async () => {
    const before = await newCount();
    const id = await fresh();
    await fresh({ availableFrom: addDays(today, 2) }); // not yet available: not counted
    await fresh(missedValues()); // Missed: not counted
    expect(await newCount()).toBe(before + 1);
    expectOk(await open(id, 'kioskUserOfA'));
    expect(await newCount()).toBe(before);
    expect(await newCount('representativeOfA')).toBe(before);
    // Opening it again changes nothing.
    expectOk(await open(id));
    expect(await newCount()).toBe(before);
  });
});

/* ------------------------------------------------------------ one to answer */

describe('GET .../assignedquestionnaires/:id', () => {
  it('answers the whole questionnaire with its items mapped from the definition', async () => {
    const id = await fresh({ dueDate: addDays(today, 2) });
    const body = expectOk<AssignedQuestionnaire>(await open(id));
    expect(body).toMatchObject({
      assignedQuestionnaireId: id,
      templateTitle: 'Wellbeing check',
      statusDescription: 'Started',
      dueDate: addDays(today, 2),
      completedDate: null,
      isNew: false,
      hasDraft: false,
      patientInstructions: 'Answer for the last two weeks.',
      defaultMsgOnCompletion: 'Thank you, your nurse will call you.',
      patientQuestionAnswerList: [],
      patientScoreList: [],
      isValid: true,
    });
    expect(body.questionnaireItems.map((i) => [i.questionnaireItemId, i.sortOrder, i.questionnaireItemType])).toEqual(
      TEST_DEFINITION.items.map((i) => [i.questionnaireItemId, i.questionnaireItemId, i.type]),
    );
    const [, , dropdown, radio, , row1, row2, number, slider, text] = body.questionnaireItems;
    expect(dropdown!.listAnswers[2]).toEqual({
      listAnswerId: 3,
      formattedText: 'Other',
      isOtherOption: true,
      isOtherTextValid: true,
    });
    expect(radio).toMatchObject({ questionNumber: '1.', isRequired: true, isValid: true });
    expect(radio!.listAnswers.map((o) => o.formattedText)).toEqual([
      'Not at all',
      'Several days',
      'More than half the days',
      'Nearly every day',
    ]);
    expect([row1!.questionMatrixGuid, row2!.questionMatrixGuid]).toEqual(['mood', 'mood']);
    expect(number).toMatchObject({ lowerBound: 0, upperBound: 24, lowerBoundLabel: null, questionMatrixGuid: null });
    expect(slider).toMatchObject({
      lowerBound: 0,
      upperBound: 10,
      lowerBoundLabel: 'No pain',
      upperBoundLabel: 'Worst pain',
    });
    expect(text).toMatchObject({ isMultiLine: true, isRequired: false, listAnswers: [] });
  });

  it('stamps the first view, makes it started and writes the view audit row (ids only)', async () => {
    const id = await fresh();
    expect((await rowOf(id)).status).toBe('assigned');
    expectOk(await open(id, 'kioskUserOfA'));
    const first = await rowOf(id);
    expect(first.status).toBe('started');
    expect(first.viewedAt).toBeInstanceOf(Date);
    expectOk(await open(id));
    expect((await rowOf(id)).viewedAt).toEqual(first.viewedAt);
    const rows = await auditRows('questionnaireviewauditevent', id);
    expect(rows.map((r) => [r.relationship, r.actorUserId, r.loginType, r.patientId, r.detail])).toEqual([
      [
        'kioskUser',
        null,
        'patientKioskUser',
        fx.patientA,
        expect.objectContaining({ assignedQuestionnaireId: id, templateId, firstView: true }),
      ],
      [
        'self',
        fx.userIds.jane,
        'userNamePassword',
        fx.patientA,
        expect.objectContaining({ assignedQuestionnaireId: id, templateId, firstView: false }),
      ],
    ]);
  });

  it('answers in Spanish for a Spanish caller', async () => {
    const id = await fresh();
    const body = expectOk<AssignedQuestionnaire>(await open(id, 'patientA', '?language=es-MX'));
    expect(body.templateTitle).toBe('Control de bienestar');
    expect(body.patientInstructions).toBe('Responda por las dos últimas semanas.');
    expect(body.defaultMsgOnCompletion).toBe('Gracias, su enfermera le llamará.');
    expect(body.questionnaireItems[3]!.formattedText).toBe('Poco interés o placer en hacer cosas');
    expect(body.questionnaireItems[3]!.listAnswers[3]!.formattedText).toBe('Casi todos los días');
    expect(body.questionnaireItems[8]).toMatchObject({
      lowerBoundLabel: 'Sin dolor',
      upperBoundLabel: 'El peor dolor',
    });
  });

  it('gives the portal’s completion message when the template has none', async () => {
    const plain = await insertTemplate(db, fx.facilityId, { ...TEST_DEFINITION, completionMessage: null });
    const id = await insertAssignment(db, fx.patientA, plain);
    expect(expectOk<AssignedQuestionnaire>(await open(id)).defaultMsgOnCompletion).toBe(DEFAULT_COMPLETION_MESSAGE);
    // In the caller's language, from the language packs (a facility may override it there).
    const spanish = expectOk<AssignedQuestionnaire>(await open(id, 'patientA', '?language=es-MX'));
    expect(spanish.defaultMsgOnCompletion).toBe(
      BUNDLED_PACKS.es[DEFAULT_COMPLETION_MESSAGE_KEY] ?? DEFAULT_COMPLETION_MESSAGE,
    );
  });

  it('is 404 for a completed, declined, missed, withdrawn, not yet available or another patient’s questionnaire', async () => {
    const completed = await fresh();
    expectOk(await submit(completed, VALID));
    const cases = [
      completed,
      await fresh({ status: 'declined', completedAt: new Date() }),
      await fresh(missedValues()),
      await fresh({ withdrawnAt: new Date() }),
      await fresh({ availableFrom: addDays(today, 1) }),
      await fresh({}, fx.patientB),
      999_999,
    ];
    for (const id of cases) {
      expectError(await open(id), 404, 'not_found', { message: 'The questionnaire was not found.' });
    }
    expectError(await open(0), 400, 'validation_failed', 'id');
  });
});

/* ------------------------------------------------------------------ drafts */

describe('PUT .../assignedquestionnaires/:id/draft', () => {
  it('saves the answers so far, which a kiosk session of the patient reads back', async () => {
    const id = await fresh();
    const partial = [choice(4, 2), num(8, 30), checked(5, 1)]; // 30 hours: out of range, but a draft is not checked
    expectNoContent(await draft(id, partial));
    const row = await rowOf(id);
    expect(row.status).toBe('started');
    expect(await draftsOf(id)).toEqual({ patient: partial });
    const onKiosk = expectOk<AssignedQuestionnaire>(await open(id, 'kioskUserOfA'));
    expect(onKiosk.patientQuestionAnswerList).toEqual(partial);
    expect(onKiosk.hasDraft).toBe(true);
    // The kiosk saves more; the patient at home reads that.
    expectNoContent(await draft(id, [...partial, answer(10, { textAnswer: 'from the kiosk' })], 'kioskUserOfA'));
    expect(expectOk<AssignedQuestionnaire>(await open(id)).patientQuestionAnswerList).toHaveLength(4);
    const audits = await auditRows('questionnairedraftauditevent', id);
    expect(audits.map((r) => [r.relationship, r.detail])).toEqual([
      ['self', { assignedQuestionnaireId: id, templateId }],
      ['kioskUser', { assignedQuestionnaireId: id, templateId }],
    ]);
  });

  it("keeps each person's draft their own: the representative never sees the patient's, nor she his", async () => {
    // Issue 32, finding 1: robert.doe opened jane's GAD-7 with her answers already selected.
    const id = await fresh();
    const hers = [choice(4, 3)];
    expectNoContent(await draft(id, hers));
    const forRobert = expectOk<AssignedQuestionnaire>(await open(id, 'representativeOfA'));
    expect(forRobert.patientQuestionAnswerList).toEqual([]);
    expect(forRobert.hasDraft).toBe(false);
    const listed = async (who: CallerKind) => (await list(who)).find((q) => q.assignedQuestionnaireId === id);
    expect((await listed('representativeOfA'))?.hasDraft).toBe(false);
    expect((await listed('patientA'))?.hasDraft).toBe(true);

    const his = [choice(4, 1), num(8, 2)];
    expectNoContent(await draft(id, his, 'representativeOfA'));
    expect(expectOk<AssignedQuestionnaire>(await open(id)).patientQuestionAnswerList).toEqual(hers);
    expect(expectOk<AssignedQuestionnaire>(await open(id, 'representativeOfA')).patientQuestionAnswerList).toEqual(his);
    expect(await draftsOf(id)).toEqual({ patient: hers, [`user:${fx.userIds.robert}`]: his });
  });

  it('discards only the caller’s draft on “Yes, I want to cancel”, with its audit row', async () => {
    const id = await fresh();
    expectNoContent(await draft(id, [choice(4, 3)]));
    expectNoContent(await draft(id, [choice(4, 1)], 'representativeOfA'));
    expectNoContent(await call('representativeOfA', 'DELETE', `${base()}/${id}/draft`));
    expect(Object.keys(await draftsOf(id))).toEqual(['patient']);
    expectNoContent(await call('patientA', 'DELETE', `${base()}/${id}/draft`));
    expect(await draftsOf(id)).toEqual({});
    const reopened = expectOk<AssignedQuestionnaire>(await open(id));
    expect(reopened).toMatchObject({ patientQuestionAnswerList: [], hasDraft: false });
    // Nothing left to discard: still 204, no second row.
    expectNoContent(await call('patientA', 'DELETE', `${base()}/${id}/draft`));
    const audits = await auditRows('questionnairedraftdiscardauditevent', id);
    expect(audits.map((r) => [r.relationship, r.detail])).toEqual([
      ['representative', { assignedQuestionnaireId: id, templateId }],
      ['self', { assignedQuestionnaireId: id, templateId }],
    ]);
    expectError(await call('patientB', 'DELETE', `${base(fx.patientB)}/${id}/draft`), 404, 'not_found');
  });

  it('drops every draft once the questionnaire is submitted', async () => {
    const id = await fresh();
    expectNoContent(await draft(id, [choice(4, 1)], 'representativeOfA'));
    expectOk(await submit(id, VALID));
    expect(await draftsOf(id)).toEqual({});
    expectError(await call('patientA', 'DELETE', `${base()}/${id}/draft`), 409, 'already_answered');
  });

  it.each([
    ['an unknown question', [num(99, 1)], 99, 'This questionnaire has no question with this id to answer.'],
    [
      'a section header',
      [answer(1, { textAnswer: 'x' })],
      1,
      'This questionnaire has no question with this id to answer.',
    ],
    ['an option the question does not have', [choice(4, 9)], 4, 'Choose one of the options of this question.'],
    [
      'two answers to a single-choice question',
      [choice(4, 1), choice(4, 2)],
      4,
      'Give one answer, of the kind this question asks for.',
    ],
    [
      'the same checkbox option twice',
      [checked(5, 1), checked(5, 1)],
      5,
      'Give one answer, of the kind this question asks for.',
    ],
    [
      'an option on a number',
      [answer(8, { listAnswerId: 1, numberAnswer: 3 })],
      8,
      'Give one answer, of the kind this question asks for.',
    ],
  ])(
    'refuses %s: 400 questionnaire_invalid naming the question, nothing saved',
    async (_what, answers, itemId, message) => {
      const id = await fresh();
      const body = expectError(await draft(id, answers), 400, 'questionnaire_invalid', {
        field: `patientQuestionAnswerList[questionnaireItemId=${itemId}]`,
      });
      expect(body.errors).toEqual([{ field: `patientQuestionAnswerList[questionnaireItemId=${itemId}]`, message }]);
      expect(await draftsOf(id)).toEqual({});
    },
  );

  it('refuses a text longer than 2000 characters and a body naming another questionnaire', async () => {
    const id = await fresh();
    expectError(
      await draft(id, [answer(10, { textAnswer: 'x'.repeat(2001) })]),
      400,
      'validation_failed',
      'patientQuestionAnswerList.0.textAnswer',
    );
    expectError(
      await call('patientA', 'PUT', `${base()}/${id}/draft`, {
        assignedQuestionnaireId: id + 1,
        patientQuestionAnswerList: [],
      }),
      400,
      'validation_failed',
      'assignedQuestionnaireId',
    );
    expectError(
      await draft(id, [answer(10, { textAnswer: 'a\u0000b' })]),
      400,
      'validation_failed',
      'patientQuestionAnswerList.0.textAnswer',
    );
  });

  it('is 409 once answered or declined, 409 questionnaire_closed once Missed, 404 for another patient', async () => {
    const completed = await fresh();
    expectOk(await submit(completed, VALID));
    expectError(await draft(completed, []), 409, 'already_answered');
    const declined = await fresh();
    expectOk(await decline(declined));
    expectError(await draft(declined, []), 409, 'already_answered');
    expectError(await draft(await fresh(missedValues()), []), 409, 'questionnaire_closed', {
      message: 'The questionnaire is no longer open: its time to answer has passed.',
    });
    expectError(await draft(await fresh({}, fx.patientB), []), 404, 'not_found');
  });
});

/* ------------------------------------------------------------------ submit */

describe('PUT .../assignedquestionnaires/:id (submit)', () => {
  it('names every question at fault, the first as field, and saves nothing', async () => {
    const id = await fresh();
    const body = expectError(await submit(id, []), 400, 'questionnaire_invalid', {
      field: 'patientQuestionAnswerList[questionnaireItemId=2]',
    });
    expect(body.errors).toEqual(
      [2, 3, 4, 6, 7, 8, 9].map((item) => ({
        field: `patientQuestionAnswerList[questionnaireItemId=${item}]`,
        message: 'Required',
      })),
    );
    const row = await rowOf(id);
    expect([row.status, row.answers, row.completedAt]).toEqual(['assigned', null, null]);
    expect(await auditRows('questionnairesubmitauditevent', id)).toEqual([]);
  });

  const replace = (itemId: number, ...answers: QuestionnaireAnswer[]) => [
    ...VALID.filter((a) => a.questionnaireItemId !== itemId),
    ...answers,
  ];
  it.each([
    ['a required question left out', replace(4), 4, 'Required'],
    ['an Other option without its text', replace(3, choice(3, 3, '  ')), 3, 'Enter the text for the other option.'],
    ['a checked Other option without its text', replace(5, checked(5, 4)), 5, 'Enter the text for the other option.'],
    ['a number out of range', replace(8, num(8, 25)), 8, 'Enter a number from 0 to 24.'],
    ['a slider out of range', replace(9, num(9, -1)), 9, 'Enter a number from 0 to 10.'],
    ['an unknown option', replace(6, choice(6, 7)), 6, 'Choose one of the options of this question.'],
    [
      'an answer to an unknown question',
      [...VALID, num(42, 1)],
      42,
      'This questionnaire has no question with this id to answer.',
    ],
  ])('refuses %s, naming that question', async (_what, answers, itemId, message) => {
    const id = await fresh();
    const body = expectError<ErrorBody>(await submit(id, answers), 400, 'questionnaire_invalid', {
      field: `patientQuestionAnswerList[questionnaireItemId=${itemId}]`,
    });
    expect(body.errors).toEqual([{ field: `patientQuestionAnswerList[questionnaireItemId=${itemId}]`, message }]);
    expect((await rowOf(id)).status).toBe('assigned');
  });

  it('stores the answers, the scores and who answered; answers the completed questionnaire', async () => {
    const id = await fresh();
    await draft(id, [choice(4, 1)]);
    const res = await submit(id, VALID, 'patientA', { templateTitle: 'ignored', questionnaireItems: [] });
    const body = expectOk<AssignedQuestionnaire>(res);
    expect(body).toMatchObject({
      assignedQuestionnaireId: id,
      statusDescription: 'Completed',
      isNew: false,
      hasDraft: false,
      defaultMsgOnCompletion: 'Thank you, your nurse will call you.',
      patientQuestionAnswerList: KEPT,
    });
    expect(body.patientScoreList).toEqual(
      [
        { scoreCode: 'total', scoreName: 'Total score', score: 8, patientMessageOnCompletion: 'Mild symptoms.' },
        { scoreCode: 'anxiety', scoreName: 'Anxiety', score: 3, patientMessageOnCompletion: 'High anxiety.' },
        { scoreCode: 'pain', scoreName: 'Pain', score: 6, patientMessageOnCompletion: 'Significant pain.' },
        { scoreCode: 'sleep', scoreName: 'Sleep', score: 7, patientMessageOnCompletion: null },
      ].map((score) => ({ ...score, interpretation: null })),
    );
    // No interpretation set for this template: no safety message.
    expect(body.safetyMessages).toEqual([]);
    expect(body.questionnaireItems).toHaveLength(10);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'completed',
      answers: KEPT,
      scores: [
        { code: 'total', score: 8 },
        { code: 'anxiety', score: 3 },
        { code: 'pain', score: 6 },
        { code: 'sleep', score: 7 },
      ],
      completedByUserId: fx.userIds.jane,
      completedLoginType: 'userNamePassword',
    });
    expect(body.completedDate).toBe(row.completedAt!.toISOString());
    const audits = await auditRows('questionnairesubmitauditevent', id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorUserId: fx.userIds.jane,
      patientId: fx.patientA,
      relationship: 'self',
      detail: { assignedQuestionnaireId: id, templateId },
    });
    expect(JSON.stringify(audits[0]!.detail)).not.toContain('Walked');
  });

  it('sent twice, completes once and answers the same stored result', async () => {
    const id = await fresh();
    const first = expectOk<AssignedQuestionnaire>(await submit(id, VALID));
    const stored = await rowOf(id);
    // The second send even carries other answers: nothing changes.
    const second = expectOk<AssignedQuestionnaire>(await submit(id, replace(8, num(8, 1))));
    expect(second).toEqual(first);
    expect(await rowOf(id)).toEqual(stored);
    expect(await auditRows('questionnairesubmitauditevent', id)).toHaveLength(1);
  });

  it('records a kiosk session as its login type (no user), a representative as their user', async () => {
    const onKiosk = await fresh();
    expectOk(await submit(onKiosk, VALID, 'kioskUserOfA'));
    expect(await rowOf(onKiosk)).toMatchObject({ completedByUserId: null, completedLoginType: 'patientKioskUser' });
    const byLink = await fresh();
    expectOk(await submit(byLink, VALID, 'linkUserOfA'));
    expect(await rowOf(byLink)).toMatchObject({ completedByUserId: null, completedLoginType: 'patientLinkUser' });
    const byRepresentative = await fresh();
    expectOk(await submit(byRepresentative, VALID, 'representativeOfA'));
    expect(await rowOf(byRepresentative)).toMatchObject({
      completedByUserId: fx.userIds.robert,
      completedLoginType: 'userNamePassword',
    });

    // Said wherever it shows (issue 32, finding 5): the answers are Robert's, for Jane, to her and to him.
    for (const who of ['patientA', 'representativeOfA'] as const) {
      const listed = (await history(who)).find((q) => q.assignedQuestionnaireId === byRepresentative);
      expect(listed?.answeredBy, who).toBe('Robert Doe');
      expect(expectOk<AssignedQuestionnaire>(await review(byRepresentative, who)).answeredBy, who).toBe('Robert Doe');
    }
    for (const id of [onKiosk, byLink]) {
      expect((await history()).find((q) => q.assignedQuestionnaireId === id)?.answeredBy).toBeNull();
    }
    const declinedForHer = await fresh();
    expectOk(await decline(declinedForHer, 'representativeOfA'));
    expect((await history()).find((q) => q.assignedQuestionnaireId === declinedForHer)?.answeredBy).toBe('Robert Doe');
  });

  it('answers the scores’ messages in Spanish for a Spanish caller', async () => {
    const id = await fresh();
    const body = expectOk<AssignedQuestionnaire>(
      await call('patientA', 'PUT', `${base()}/${id}?language=es-MX`, { patientQuestionAnswerList: VALID }),
    );
    expect(body.patientScoreList[0]).toMatchObject({
      scoreName: 'Puntuación total',
      patientMessageOnCompletion: 'Síntomas leves.',
    });
  });

  it('refuses a declined one (409 already_answered), a Missed one (409 questionnaire_closed), another path id (400)', async () => {
    const declined = await fresh();
    expectOk(await decline(declined));
    expectError(await submit(declined, VALID), 409, 'already_answered', {
      message: 'This questionnaire was declined, so it can no longer be answered.',
    });
    const missed = await fresh(missedValues());
    expectError(await submit(missed, VALID), 409, 'questionnaire_closed');
    expect((await rowOf(missed)).status).toBe('assigned');
    const id = await fresh();
    expectError(
      await call('patientA', 'PUT', `${base()}/${id}`, {
        assignedQuestionnaireId: declined,
        patientQuestionAnswerList: VALID,
      }),
      400,
      'validation_failed',
      'assignedQuestionnaireId',
    );
    expectError(
      await call('patientA', 'PUT', `${base()}/${id}`, {}),
      400,
      'validation_failed',
      'patientQuestionAnswerList',
    );
  });
});

/* ----------------------------------------------------------------- decline */

describe('PUT .../assignedquestionnaires/declinequestionnaire', () => {
  it('declines it once, with who and when and its audit row; a second decline answers the same', async () => {
    const id = await fresh();
    const first = expectOk<AssignedQuestionnaire>(await decline(id));
    expect(first).toMatchObject({
      assignedQuestionnaireId: id,
      statusDescription: 'Declined',
      patientQuestionAnswerList: [],
      patientScoreList: [],
    });
    expect(first.questionnaireItems).toHaveLength(10);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'declined', completedByUserId: fx.userIds.jane, answers: null });
    expect(first.completedDate).toBe(row.completedAt!.toISOString());
    const second = expectOk<AssignedQuestionnaire>(await decline(id));
    expect(second).toEqual(first);
    expect(await rowOf(id)).toEqual(row);
    const audits = await auditRows('questionnairedeclineauditevent', id);
    expect(audits.map((a) => a.detail)).toEqual([{ assignedQuestionnaireId: id, templateId }]);
  });

  it('is 409 already_answered after a submit, 409 once Missed, 404 for another patient’s, 400 without an id', async () => {
    const id = await fresh();
    expectOk(await submit(id, VALID));
    expectError(await decline(id), 409, 'already_answered', {
      message: 'This questionnaire was already submitted, so it can no longer be declined or changed.',
    });
    expect((await rowOf(id)).status).toBe('completed');
    expectError(await decline(await fresh(missedValues())), 409, 'questionnaire_closed');
    expectError(await decline(await fresh({}, fx.patientB)), 404, 'not_found');
    expectError(
      await call('patientA', 'PUT', `${base()}/declinequestionnaire`, {}),
      400,
      'validation_failed',
      'assignedQuestionnaireId',
    );
  });
});

/* ----------------------------------------------------------------- history */

describe('GET .../assignedquestionnaires/history', () => {
  it('lists completed, declined and Missed newest first; Missed has no completedDate and leaves Current', async () => {
    const missed = await fresh({ dueDate: addDays(today, -31), availableFrom: addDays(today, -60) });
    const olderMissed = await fresh({ dueDate: addDays(today, -90), availableFrom: addDays(today, -100) });
    const completed = await fresh();
    expectOk(await submit(completed, VALID));
    const declined = await fresh();
    expectOk(await decline(declined));
    const lastWeek = await fresh({
      status: 'declined',
      completedAt: new Date(Date.now() - 7 * 86_400_000),
      dueDate: addDays(today, -5),
    });
    const current = await fresh();
    const mine = [missed, olderMissed, completed, declined, lastWeek, current];
    const body = await history();
    expect(ids(body, mine)).toEqual([declined, completed, lastWeek, missed, olderMissed]);
    expect(ids(await list(), mine)).toEqual([current]);
    expect(body.find((q) => q.assignedQuestionnaireId === missed)).toEqual<AssignedQuestionnaireSummary>({
      assignedQuestionnaireId: missed,
      templateTitle: 'Wellbeing check',
      templateDescription: 'A few questions about the last two weeks',
      statusDescription: 'Missed',
      dueDate: addDays(today, -31),
      completedDate: null,
      isNew: false,
      hasDraft: false,
      answeredBy: null,
    });
    expect(body.find((q) => q.assignedQuestionnaireId === completed)).toMatchObject({
      statusDescription: 'Completed',
      completedDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(body.find((q) => q.assignedQuestionnaireId === declined)?.statusDescription).toBe('Declined');
    const spanish = await history('patientA', '?language=es-MX');
    expect(spanish.find((q) => q.assignedQuestionnaireId === missed)?.templateTitle).toBe('Control de bienestar');
  });

  it('is Missed from the 31st day after the due date; on the 30th it is still current (Overdue)', async () => {
    const day30 = await fresh({ dueDate: addDays(today, -30), availableFrom: addDays(today, -40) });
    const day31 = await fresh({ dueDate: addDays(today, -31), availableFrom: addDays(today, -40) });
    expect(ids(await list(), [day30, day31])).toEqual([day30]);
    expect(ids(await history(), [day30, day31])).toEqual([day31]);
  });
});

describe('GET .../assignedquestionnaires/history/:id', () => {
  it('answers a completed one read-only with its answers and scores, and writes the review audit row', async () => {
    const id = await fresh();
    const submitted = expectOk<AssignedQuestionnaire>(await submit(id, VALID));
    const body = expectOk<AssignedQuestionnaire>(await review(id, 'representativeOfA'));
    expect(body).toEqual(submitted);
    const audits = await auditRows('questionnairereviewauditevent', id);
    expect(audits.map((a) => [a.relationship, a.actorUserId, a.detail])).toEqual([
      ['representative', fx.userIds.robert, expect.objectContaining({ assignedQuestionnaireId: id, templateId })],
    ]);
    // The review's row is the read's one row: no generic read row besides it.
    const reads = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.eventType, 'patientrecordreadauditevent'),
          eq(auditEvents.route, 'GET /api/patients/:patientId/assignedquestionnaires/history/:id'),
          eq(auditEvents.actorUserId, fx.userIds.robert),
        ),
      );
    expect(reads).toEqual([]);
  });

  it('gives scores, messages and texts in Spanish for a Spanish caller', async () => {
    const id = await fresh();
    expectOk(await submit(id, VALID));
    const body = expectOk<AssignedQuestionnaire>(await review(id, 'patientA', '?language=es-MX'));
    expect(body.templateTitle).toBe('Control de bienestar');
    expect(body.defaultMsgOnCompletion).toBe('Gracias, su enfermera le llamará.');
    expect(body.patientScoreList.map((s) => [s.scoreName, s.patientMessageOnCompletion])).toEqual([
      ['Puntuación total', 'Síntomas leves.'],
      ['Ansiedad', 'Ansiedad alta.'],
      ['Dolor', 'Dolor importante.'],
      ['Sueño', null],
    ]);
  });

  it('answers a declined or Missed one without answers; a current one or another patient’s is 404', async () => {
    const declined = await fresh();
    await draft(declined, [choice(4, 1)]);
    expectOk(await decline(declined));
    expect(expectOk<AssignedQuestionnaire>(await review(declined))).toMatchObject({
      statusDescription: 'Declined',
      patientQuestionAnswerList: [],
      patientScoreList: [],
    });
    expect(expectOk<AssignedQuestionnaire>(await review(await fresh(missedValues())))).toMatchObject({
      statusDescription: 'Missed',
      completedDate: null,
      patientQuestionAnswerList: [],
    });
    expectError(await review(await fresh()), 404, 'not_found');
    const ofB = await fresh({ status: 'declined', completedAt: new Date() }, fx.patientB);
    expectError(await review(ofB), 404, 'not_found');
  });
});

/* ------------------------------------------------------------------ access */

describe('another patient', () => {
  it('gets 404 for every route about patient A’s questionnaire, and changes nothing', async () => {
    const id = await fresh();
    const answered = await fresh();
    expectOk(await submit(answered, VALID));
    const attempts = () => [
      () => call('patientB', 'GET', `${base()}/${id}`),
      () => call('patientB', 'GET', `${base()}/history/${answered}`),
      () => call('patientB', 'PUT', `${base()}/${id}/draft`, { patientQuestionAnswerList: [] }),
      () => call('patientB', 'PUT', `${base()}/${id}`, { patientQuestionAnswerList: VALID }),
      () => call('patientB', 'PUT', `${base()}/declinequestionnaire`, { assignedQuestionnaireId: id }),
      // B's own path with A's assignment id.
      () => call('patientB', 'GET', `${base(fx.patientB)}/${id}`),
      () => call('patientB', 'PUT', `${base(fx.patientB)}/${id}`, { patientQuestionAnswerList: VALID }),
      () => call('patientB', 'PUT', `${base(fx.patientB)}/declinequestionnaire`, { assignedQuestionnaireId: id }),
      () => call('patientB', 'GET', `${base(fx.patientB)}/history/${answered}`),
    ];
    for (const attempt of attempts()) expectError(await attempt(), 404, 'not_found');
    expect(await rowOf(id)).toMatchObject({ status: 'assigned', viewedAt: null });
    expect(await draftsOf(id)).toEqual({});
  });
});

describe('the OpenAPI document', () => {
  it('describes every questionnaire route with a summary, a description and its parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    type Op = { summary?: string; description?: string; parameters?: { name: string; in: string }[] };
    const doc = expectOk<{ paths: Record<string, Record<string, Op>> }>(res);
    const root = '/api/patients/{patientId}/assignedquestionnaires';
    const ops: [string, string, string[]][] = [
      [root, 'get', ['path:patientId', 'query:language']],
      [`${root}/newcount`, 'get', ['path:patientId']],
      [`${root}/{id}`, 'get', ['path:patientId', 'path:id', 'query:language']],
      [`${root}/{id}/draft`, 'put', ['path:patientId', 'path:id']],
      [`${root}/{id}`, 'put', ['path:patientId', 'path:id', 'query:language']],
      [`${root}/declinequestionnaire`, 'put', ['path:patientId', 'query:language']],
      [`${root}/history`, 'get', ['path:patientId', 'query:language']],
      [`${root}/history/{id}`, 'get', ['path:patientId', 'path:id', 'query:language']],
    ];
    for (const [path, method, parameters] of ops) {
      const op = doc.paths[path]?.[method];
      expect(op?.summary, `${method} ${path}`).toEqual(expect.any(String));
      expect(op?.description?.length, `${method} ${path}`).toBeGreaterThan(150);
      expect(op?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(parameters));
    }
  });
});
