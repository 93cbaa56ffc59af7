import { and, eq, inArray } from 'drizzle-orm';
import {
  PORTAL_FHIR_EXTENSIONS,
  type FhirQuestionnaireResponse,
  type FhirResponseAnswer,
  type FhirResponseItem,
  type QuestionnaireAnswer,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import type { LocalText } from '../content/local-text';
import { facilities, patients, questionnaireAssignments, questionnaireTemplates, users } from '../../db/schema/index';

// A completed questionnaire as the FHIR R4 QuestionnaireResponse a facility's system takes back
// (docs/adr/0009-questionnaires.md): the questionnaires' integration routes answer it for one assignment, the
// integration event feed (and so the webhooks) for every questionnaire.completed event of a page, in one query.
// It lives in the platform because both modules need it and no module imports another.

/**
 * The parts of a stored definition (modules/questionnaires/definition.ts) a response reads: a structural copy,
 * as the platform imports no module; its texts are the shared LocalText.
 */
export interface ResponseDefinition {
  url: string | null;
  version: string | null;
  items: ResponseDefinitionItem[];
  scales: { code: string; name: LocalText; calculation?: ResponseCalculation }[];
}

/** A calculated item (SDC calculatedExpression) whose value is a score: its answer is the score. */
export interface ResponseCalculation {
  linkId: string;
  fhirType: string;
  text: string | null;
  groupLinkIds: string[];
  /** How many of the definition's items come before it. */
  position: number;
}

export interface ResponseDefinitionItem {
  questionnaireItemId: number;
  linkId: string;
  type: string;
  fhirType: string;
  text: LocalText;
  matrixGuid: string | null;
  options: {
    listAnswerId: number;
    system: string | null;
    code: string | null;
    text: LocalText;
    isOtherOption: boolean;
  }[];
  /** The FHIR groups that hold the item, outermost first (stored by the import; absent: only a table's group). */
  groupLinkIds?: string[];
}

/** Who answered: the patient, a representative, or the patient on the clinic's kiosk or through an emailed link. */
export type ResponseAuthor = { kind: 'patient' | 'kiosk' | 'link' } | { kind: 'representative'; name: string };

export interface CompletedAssignment {
  id: number;
  externalId: string | null;
  templateExternalId: string;
  answers: QuestionnaireAnswer[];
  scores: { code: string; score: number }[];
  completedAt: Date;
  author: ResponseAuthor;
}

const MR_TYPE = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }] };
const CHOICE_TYPES = new Set(['Radio', 'Dropdown', 'Checkbox', 'Matrix']);

/** The FHIR answers of one item: Codings (or strings) for options, an 'other' text beside its option. */
function answersOf(item: ResponseDefinitionItem, given: readonly QuestionnaireAnswer[]): FhirResponseAnswer[] {
  const out: FhirResponseAnswer[] = [];
  for (const answer of given) {
    if (CHOICE_TYPES.has(item.type)) {
      if (answer.listAnswerId === null || (item.type === 'Checkbox' && answer.isChecked !== true)) continue;
      const option = item.options.find((o) => o.listAnswerId === answer.listAnswerId);
      if (!option) continue;
      const other = option.isOtherOption ? answer.otherOptionText?.trim() : undefined;
      if (option.code !== null) {
        out.push({
          valueCoding: {
            ...(option.system !== null && { system: option.system }),
            code: option.code,
            display: option.text.text,
          },
        });
      } else if (!other) {
        out.push({ valueString: option.text.text });
      }
      if (other) out.push({ valueString: other });
    } else if ((item.type === 'Number' || item.type === 'Slider') && answer.numberAnswer !== null) {
      const value = answer.numberAnswer;
      out.push(
        item.fhirType === 'integer' && Number.isInteger(value) ? { valueInteger: value } : { valueDecimal: value },
      );
    } else if (item.type === 'Text' && answer.textAnswer?.trim()) {
      out.push({ valueString: answer.textAnswer });
    } else if (item.type === 'Date' && answer.dateAnswer) {
      out.push(item.fhirType === 'dateTime' ? { valueDateTime: answer.dateAnswer } : { valueDate: answer.dateAnswer });
    }
  }
  return out;
}

/** A calculated item's answer: its score, as the item's type (integer or decimal) takes it. */
function calculatedAnswer(calculation: ResponseCalculation, score: number): FhirResponseAnswer | null {
  if (calculation.fhirType === 'integer') return Number.isInteger(score) ? { valueInteger: score } : null;
  return calculation.fhirType === 'decimal' ? { valueDecimal: score } : null;
}

/**
 * The answered items of a QuestionnaireResponse: by the Questionnaire's linkIds, in its order, nested as its groups
 * are (a table's rows under the table's group), unanswered items left out; a calculated item whose value is one
 * of `scores` answers it. The scoring (a calculatedExpression reads %resource) and the response share it.
 */
export function responseItemsOf(
  definition: ResponseDefinition,
  answers: readonly QuestionnaireAnswer[],
  scores: readonly { code: string; score: number }[],
): FhirResponseItem[] {
  const groupTexts = new Map(
    definition.items.filter((i) => i.fhirType === 'group').map((i) => [i.linkId, i.text.text] as const),
  );
  const root: FhirResponseItem[] = [];
  const groups = new Map<string, FhirResponseItem>();
  const containerOf = (path: string[]): FhirResponseItem[] => {
    let level = root;
    path.forEach((linkId, depth) => {
      const key = path.slice(0, depth + 1).join('\u0000');
      let group = groups.get(key);
      if (!group) {
        const text = groupTexts.get(linkId);
        group = { linkId, ...(text && { text }), item: [] };
        groups.set(key, group);
        level.push(group);
      }
      level = group.item ?? [];
    });
    return level;
  };
  const calculated = definition.scales.flatMap((scale) => {
    const score = scores.find((s) => s.code === scale.code);
    const answer = scale.calculation && score ? calculatedAnswer(scale.calculation, score.score) : null;
    return scale.calculation && answer ? [{ calculation: scale.calculation, answer }] : [];
  });
  const calculatedAt = (position: number) => {
    for (const { calculation, answer } of calculated.filter((c) => c.calculation.position === position)) {
      containerOf(calculation.groupLinkIds).push({
        linkId: calculation.linkId,
        ...(calculation.text !== null && { text: calculation.text }),
        answer: [answer],
      });
    }
  };
  definition.items.forEach((item, index) => {
    calculatedAt(index);
    if (item.type === 'SectionHeader') return;
    const answer = answersOf(
      item,
      answers.filter((a) => a.questionnaireItemId === item.questionnaireItemId),
    );
    if (answer.length === 0) return;
    const path = item.groupLinkIds ?? (item.matrixGuid ? [item.matrixGuid] : []);
    containerOf(path).push({ linkId: item.linkId, text: item.text.text, answer });
  });
  calculatedAt(definition.items.length);
  return root;
}

function referenceOf(author: ResponseAuthor, patient: FhirQuestionnaireResponse['subject']) {
  if (author.kind === 'representative') return { type: 'RelatedPerson', display: author.name };
  return patient;
}

/**
 * The QuestionnaireResponse of a completed assignment: the answered items (responseItemsOf: a calculated total
 * answered with its score), `questionnaire` the canonical url|version; the scores also as the portal's score
 * extension; the patient by MRN as the facility assigns it.
 */
export function questionnaireResponseOf(
  definition: ResponseDefinition,
  assignment: CompletedAssignment,
  mrn: string,
  facility: { name: string },
): FhirQuestionnaireResponse {
  const patient = {
    type: 'Patient',
    identifier: { type: MR_TYPE, value: mrn, assigner: { display: facility.name } },
  };
  const questionnaire = definition.url
    ? definition.version
      ? `${definition.url}|${definition.version}`
      : definition.url
    : `Questionnaire/${assignment.templateExternalId}`;
  return {
    resourceType: 'QuestionnaireResponse',
    id: String(assignment.id),
    ...(assignment.externalId !== null && { identifier: { value: assignment.externalId } }),
    questionnaire,
    status: 'completed',
    subject: patient,
    authored: assignment.completedAt.toISOString(),
    author:
      assignment.author.kind === 'kiosk'
        ? { type: 'Device', display: 'Patient portal kiosk' }
        : referenceOf(assignment.author, patient),
    source: referenceOf(assignment.author, patient),
    extension: assignment.scores.map(({ code, score }) => ({
      url: PORTAL_FHIR_EXTENSIONS.score,
      extension: [
        { url: 'code', valueCode: code },
        { url: 'name', valueString: definition.scales.find((s) => s.code === code)?.name.text ?? code },
        { url: 'value', valueDecimal: score },
      ],
    })),
    item: responseItemsOf(definition, assignment.answers, assignment.scores),
  };
}

/** What the facility's system learns of an assignment in an event: its identifiers, and its answers once completed. */
export interface AssignmentOutcome {
  externalId: string | null;
  templateExternalId: string;
  questionnaireResponse: FhirQuestionnaireResponse | null;
}

/**
 * The facility's assignments among `assignmentIds`, each with its QuestionnaireResponse when it is completed: one
 * query for any number (an event page's worth). Another facility's assignments are not there.
 */
export async function questionnaireResponsesOf(
  db: DbOrTx,
  facilityId: number,
  assignmentIds: readonly number[],
): Promise<Map<number, AssignmentOutcome>> {
  const out = new Map<number, AssignmentOutcome>();
  if (assignmentIds.length === 0) return out;
  const rows = await db
    .select({
      id: questionnaireAssignments.id,
      externalId: questionnaireAssignments.externalId,
      status: questionnaireAssignments.status,
      answers: questionnaireAssignments.answers,
      scores: questionnaireAssignments.scores,
      completedAt: questionnaireAssignments.completedAt,
      completedByUserId: questionnaireAssignments.completedByUserId,
      completedLoginType: questionnaireAssignments.completedLoginType,
      templateExternalId: questionnaireTemplates.externalId,
      definition: questionnaireTemplates.definition,
      mrn: patients.mrn,
      patientUserId: patients.userId,
      facilityName: facilities.name,
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
    })
    .from(questionnaireAssignments)
    .innerJoin(questionnaireTemplates, eq(questionnaireTemplates.id, questionnaireAssignments.templateId))
    .innerJoin(patients, eq(patients.id, questionnaireAssignments.patientId))
    .innerJoin(facilities, eq(facilities.id, patients.homeFacilityId))
    .leftJoin(users, eq(users.id, questionnaireAssignments.completedByUserId))
    .where(and(inArray(questionnaireAssignments.id, [...assignmentIds]), eq(patients.homeFacilityId, facilityId)));
  for (const row of rows) {
    let questionnaireResponse: FhirQuestionnaireResponse | null = null;
    if (row.status === 'completed' && row.completedAt && row.answers && row.scores) {
      const author: ResponseAuthor =
        row.completedByUserId !== null && row.completedByUserId !== row.patientUserId
          ? { kind: 'representative', name: `${row.authorFirstName ?? ''} ${row.authorLastName ?? ''}`.trim() }
          : row.completedLoginType === 'patientKioskUser'
            ? { kind: 'kiosk' }
            : row.completedLoginType === 'patientLinkUser'
              ? { kind: 'link' }
              : { kind: 'patient' };
      questionnaireResponse = questionnaireResponseOf(
        row.definition as ResponseDefinition,
        {
          id: row.id,
          externalId: row.externalId,
          templateExternalId: row.templateExternalId,
          answers: row.answers as QuestionnaireAnswer[],
          scores: row.scores as { code: string; score: number }[],
          completedAt: row.completedAt,
          author,
        },
        row.mrn,
        { name: row.facilityName },
      );
    }
    out.set(row.id, { externalId: row.externalId, templateExternalId: row.templateExternalId, questionnaireResponse });
  }
  return out;
}
