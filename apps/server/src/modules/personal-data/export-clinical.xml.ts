import type { DbOrTx } from '../../db/client';
import type { PatientScope } from '../../platform/access/patient-scope';
import * as data from './export.repository';
import { element, fields, openTag, xmlText, type XmlValue } from './xml';

// The clinical sections of the personal data export (results, notes, treatment summary, education,
// questionnaires), in the schema's order; see export.xml.ts.

const BATCH = 500;

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

export async function* clinicalSections(db: DbOrTx, scope: PatientScope): AsyncGenerator<string> {
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

  yield list('notes', await data.findNotes(db, scope), (n) =>
    record(
      'note',
      { id: n.id },
      fields([
        ['serviceDate', n.serviceDate],
        ['documentType', n.documentType],
        ['authoredBy', n.authoredBy],
        ['status', n.status],
        ['publishedAt', n.publishedAt],
        ['reviewed', n.isReviewedByPatient],
        ['reviewedAt', n.reviewedAt],
      ]),
    ),
  );

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
      ]),
    ),
  );

  yield list('questionnaires', await data.findQuestionnaires(db, scope), (q) => {
    const submitted = Array.isArray(q.answers);
    const answers = ((submitted ? q.answers : q.draftAnswers) ?? []) as Answer[];
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
            .map((answer) =>
              record(
                'answer',
                { itemId: answer.questionnaireItemId ?? 0, listAnswerId: answer.listAnswerId },
                fields([
                  ['checked', answer.isChecked],
                  ['number', answer.numberAnswer],
                  ['text', answer.textAnswer],
                  ['date', answer.dateAnswer],
                  ['otherText', answer.otherOptionText],
                ]),
              ),
            )
            .join(''),
        ),
    );
  });
}
