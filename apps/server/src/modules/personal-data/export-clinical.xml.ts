import { bandOf, safetyMessagesMet, type QuestionnaireInterpretation, type RuleAnswer } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import type { PatientScope } from '../../platform/access/patient-scope';
import { interpretationText, localText, type LocalText } from '../../platform/content/local-text';
import { sanitizeRichText } from '../../platform/content/sanitize';
import * as data from './export.repository';
import { element, fields, openTag, xmlText, type XmlValue } from './xml';

// The clinical sections of the personal data export (results, notes with their pages, treatment summary,
// education articles with their text, questionnaires with their questions, answers and scores), in the schema's
// order; see export.xml.ts.

const BATCH = 500;
/** Stored files (note pages, C-CDA documents) are read this many bytes, or this many files, at a time. */
export const FILE_BATCH_BYTES = 8 * 1024 * 1024;
export const FILE_BATCH_COUNT = 100;

/**
 * Rows cut into runs of at most FILE_BATCH_COUNT rows and FILE_BATCH_BYTES bytes (a larger row alone), in order:
 * each run is one read of their contents, so a long record is never held whole.
 */
export function bySize<T>(rows: readonly T[], sizeOf: (row: T) => number): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = sizeOf(row);
    if (current.length > 0 && (current.length >= FILE_BATCH_COUNT || bytes + size > FILE_BATCH_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * The parts of a stored questionnaire definition (modules/questionnaires/definition.ts) the export reads: a
 * structural copy, as no module imports another; its texts are the shared LocalText.
 */
interface ExportDefinition {
  items?: {
    questionnaireItemId: number;
    linkId: string;
    type: string;
    isRequired: boolean;
    lowerBound: number | null;
    upperBound: number | null;
    text: LocalText;
    prefix: string | null;
    options: {
      listAnswerId: number;
      system: string | null;
      code: string | null;
      text: LocalText;
      ordinal: number | null;
      isOtherOption: boolean;
    }[];
  }[];
  scales?: { code: string; name: LocalText; ranges: { min: number; max: number; message: LocalText }[] }[];
}

interface StoredScore {
  code: string;
  score: number;
}

interface Answer {
  questionnaireItemId?: number;
  listAnswerId?: number | null;
  isChecked?: boolean | null;
  numberAnswer?: number | null;
  textAnswer?: string | null;
  dateAnswer?: string | null;
  otherOptionText?: string | null;
}

export function list<T>(name: string, rows: readonly T[], row: (item: T) => string): string {
  return `<${name}>${rows.map(row).join('')}</${name}>`;
}

export function record(name: string, attributes: Record<string, XmlValue>, body: string): string {
  return `${openTag(name, attributes)}${body}</${name}>`;
}

function fieldValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The reader's language: questions, options and score messages are written in it, as the patient read them. */
export async function* clinicalSections(db: DbOrTx, scope: PatientScope, locale: string): AsyncGenerator<string> {
  yield '<results>';
  for (let after = 0; ;) {
    const results = await data.findResultBatch(db, scope, after, BATCH);
    if (results.length === 0) break;
    const tests = await data.findResultTests(
      db,
      results.map((result) => result.id),
    );
    yield results
      .map((result) =>
        record(
          'result',
          { id: result.id },
          fields([
            ['collectedAt', result.collectedAt],
            ['status', result.externalStatus],
            ['requestingPhysician', result.requestingPhysician],
            ['labName', result.labName],
            ['labAddress', result.labAddress],
            ['comment', result.comment],
            ['noteToPatient', result.noteToPatient],
            ['reviewed', result.isReviewedByPatient],
            ['reviewedAt', result.reviewedAt],
          ]) +
            list(
              'tests',
              tests.filter((test) => test.labResultId === result.id),
              ({ group, detail: d }) =>
                record(
                  'test',
                  {},
                  fields([
                    ['group', group],
                    ['name', d.testDisplayName],
                    ['value', d.testValue],
                    ['unit', d.unitOfMeasure],
                    ['referenceRange', d.referencesRange],
                    ['abnormalFlag', d.abnormalFlag],
                    ['status', d.testDetailStatus],
                    ['comment', d.comment],
                  ]),
                ),
            ),
        ),
      )
      .join('');
    after = results[results.length - 1]!.id;
  }
  yield '</results>';

  yield* notes(db, scope);

  yield list('treatmentSummary', await data.findTreatmentSummary(db, scope), (item) =>
    record(
      'item',
      { id: item.id, group: item.groupName },
      Object.entries(item.fields)
        .filter(([, value]) => value !== null && value !== undefined)
        .map(([name, value]) => record('field', { name }, xmlText(fieldValue(value))))
        .join('') + element('nullMessage', item.isNullMessageHolder ? item.nullMessage : null),
    ),
  );

  yield list('education', await data.findEducation(db, scope), (a) =>
    record(
      'article',
      { id: a.id },
      fields([
        ['title', a.title],
        ['category', a.category],
        ['assignedDate', a.assignedDate],
        ['readAt', a.readAt],
        ['archived', a.isArchived],
        ['language', a.language],
        // The article as the patient reads it: its HTML, cleaned as the article page cleans it.
        ['content', sanitizeRichText(a.contentHtml)],
      ]),
    ),
  );

  yield list('questionnaires', await data.findQuestionnaires(db, scope), (q) => {
    const submitted = Array.isArray(q.answers);
    const answers = ((submitted ? q.answers : q.draftAnswers) ?? []) as Answer[];
    const definition = (q.definition ?? {}) as ExportDefinition;
    const items = new Map((definition.items ?? []).map((item) => [item.questionnaireItemId, item]));
    const text = (value: LocalText | null | undefined) => (value ? localText(value, locale) : null);
    const scores = submitted && Array.isArray(q.scores) ? (q.scores as StoredScore[]) : null;
    const interpretation = (q.interpretation ?? null) as QuestionnaireInterpretation | null;
    const safety = scores ? safetyMessagesOf(definition, answers as RuleAnswer[], scores, interpretation) : [];
    return record(
      'questionnaire',
      { id: q.id },
      fields([
        ['title', q.title],
        ['availableFrom', q.availableFrom],
        ['dueDate', q.dueDate],
        ['status', q.status],
        ['completedAt', q.completedAt],
        // The representative who answered or declined it for the patient (issue 32, finding 5).
        ['answeredBy', q.answeredBy],
        ['draftSavedAt', q.draftSavedAt],
      ]) +
        record(
          'answers',
          { kind: submitted ? 'submitted' : 'draft' },
          answers
            .map((answer) => {
              const item = items.get(answer.questionnaireItemId ?? 0);
              const option = item?.options.find((o) => o.listAnswerId === answer.listAnswerId);
              return record(
                'answer',
                { itemId: answer.questionnaireItemId ?? 0, listAnswerId: answer.listAnswerId },
                fields([
                  ['questionNumber', item?.prefix],
                  ['question', text(item?.text)],
                  ['checked', answer.isChecked],
                  ['number', answer.numberAnswer],
                  ['text', answer.textAnswer],
                  ['date', answer.dateAnswer],
                  ['otherText', answer.otherOptionText],
                ]) +
                  (option
                    ? record(
                        'option',
                        { code: option.code, system: option.system, score: option.ordinal },
                        xmlText(text(option.text) ?? ''),
                      )
                    : ''),
              );
            })
            .join(''),
        ) +
        (scores ? list('scores', scores, (score) => scoreOf(definition, interpretation, score, text)) : '') +
        (safety.length > 0
          ? list('safetyMessages', safety, (message) => element('message', localText(message, locale)))
          : ''),
    );
  });
}

// As the patient read them on completion: the score rules are contracts' (rules/questionnaire-scores.ts, which the
// questionnaires module reads too), applied to the stored definition and the facility's interpretation.

/** The facility's safety messages whose condition the answers or scores meet, in their order. */
function safetyMessagesOf(
  definition: ExportDefinition,
  given: readonly RuleAnswer[],
  stored: readonly StoredScore[],
  interpretation: QuestionnaireInterpretation | null,
): LocalText[] {
  if (!interpretation) return [];
  // Stored answers may leave out the fields a rule reads as null.
  const answers = given.map((a) => ({
    ...a,
    listAnswerId: a.listAnswerId ?? null,
    isChecked: a.isChecked ?? null,
    numberAnswer: a.numberAnswer ?? null,
    textAnswer: a.textAnswer ?? null,
    dateAnswer: a.dateAnswer ?? null,
    otherOptionText: a.otherOptionText ?? null,
  }));
  return safetyMessagesMet(
    interpretation.safetyMessages,
    definition.items ?? [],
    definition.scales?.[0]?.code,
    answers,
    stored,
  ).map(interpretationText);
}

/**
 * A score as the patient read it on completion: the scale's name, the number, the message of the template's range
 * that holds it (else the facility's band label), and the label of the facility's band that holds it.
 */
function scoreOf(
  definition: ExportDefinition,
  interpretation: QuestionnaireInterpretation | null,
  { code, score }: StoredScore,
  text: (value: LocalText | null | undefined) => string | null,
): string {
  const scale = definition.scales?.find((s) => s.code === code);
  const range = scale?.ranges.find((r) => score >= r.min && score <= r.max);
  const band = bandOf(interpretation?.bands ?? [], definition.scales?.[0]?.code, code, score);
  const label = band ? text(interpretationText(band.label)) : null;
  return record(
    'score',
    { code },
    fields([
      ['name', text(scale?.name) ?? code],
      ['value', score],
      ['message', text(range?.message) ?? label],
      ['interpretation', label],
    ]),
  );
}

/** Published notes with their pages (base64), the pages read a batch at a time. */
async function* notes(db: DbOrTx, scope: PatientScope): AsyncGenerator<string> {
  const rows = await data.findNotes(db, scope);
  const pages = await data.findNotePageSizes(db, scope);
  const key = (page: { noteId: number; pageNumber: number }) => `${page.noteId}:${page.pageNumber}`;
  const batches = bySize(pages, (page) => page.sizeBytes);
  const batchOf = new Map(batches.flatMap((batch, index) => batch.map((page) => [key(page), index] as const)));
  let loaded = { index: -1, contents: new Map<string, Uint8Array>() };
  const contentOf = async (page: { noteId: number; pageNumber: number }) => {
    const index = batchOf.get(key(page))!;
    if (loaded.index !== index) {
      const read = await data.findNotePageContents(db, scope, batches[index]!);
      loaded = { index, contents: new Map(read.map((row) => [key(row), row.content])) };
    }
    return loaded.contents.get(key(page));
  };
  const pagesOf = new Map<number, typeof pages>();
  for (const page of pages) {
    const list = pagesOf.get(page.noteId);
    if (list) list.push(page);
    else pagesOf.set(page.noteId, [page]);
  }

  yield '<notes>';
  for (const n of rows) {
    yield (
      openTag('note', { id: n.id }) +
      fields([
        ['serviceDate', n.serviceDate],
        ['documentType', n.documentType],
        ['authoredBy', n.authoredBy],
        ['status', n.status],
        ['noteToPatient', n.noteToPatient],
        ['publishedAt', n.publishedAt],
        ['reviewed', n.isReviewedByPatient],
        ['reviewedAt', n.reviewedAt],
      ]) +
      '<pages>'
    );
    for (const page of pagesOf.get(n.id) ?? []) {
      const content = await contentOf(page);
      if (!content) continue;
      yield record(
        'page',
        { number: page.pageNumber, contentType: page.contentType },
        Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('base64'),
      );
    }
    yield '</pages></note>';
  }
  yield '</notes>';
}
