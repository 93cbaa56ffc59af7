import type { IntegrationQuestionnaireInterpretation, QuestionnaireInterpretation } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors/app-error';
import type { QuestionnaireDefinition, StoredInterpretation } from './definition';
import { findInterpretation, findTemplateWithVersions, upsertInterpretation } from './questionnaires.intake.repository';

// A facility's interpretation of a template (docs/adr/0009-questionnaires.md, issue 32 finding 6): score bands with
// a label and safety messages, in five languages, for any instrument, the LOINC PHQ-9 as published included, set
// through the integration API. Checked against the template's current version; keyed by its identifier, so a
// re-import keeps it; read with each completed questionnaire (scoring.ts), in the reader's language.

const refusal = (field: string, message: string) =>
  new AppError(400, 'validation_failed', `${field}: ${message}`, field);

/** The refusal of the first thing the current version cannot read, or nothing. */
function check(definition: QuestionnaireDefinition, value: QuestionnaireInterpretation): void {
  const codes = definition.scales.map((s) => s.code);
  const scoreOf = (scoreCode: string | undefined, field: string, what: string): string => {
    const code = scoreCode ?? codes[0];
    if (code === undefined) throw refusal(field, `this template computes no score, so ${what} has none to read`);
    if (!codes.includes(code)) {
      throw refusal(`${field}.scoreCode`, `the template has no score '${code}' (its scores: ${codes.join(', ')})`);
    }
    return code;
  };
  value.bands.forEach((band, i) => {
    const field = `bands.${i}`;
    const code = scoreOf(band.scoreCode, field, 'a band');
    if (band.min > band.max) throw refusal(`${field}.max`, `max (${band.max}) is below min (${band.min})`);
    const overlapped = value.bands.findIndex(
      (other, j) => j < i && (other.scoreCode ?? codes[0]) === code && other.min <= band.max && band.min <= other.max,
    );
    if (overlapped >= 0) throw refusal(`${field}.min`, `overlaps band ${overlapped} of the same score`);
  });
  value.safetyMessages.forEach(({ when }, i) => {
    const field = `safetyMessages.${i}.when`;
    if (when.max !== undefined && when.min > when.max) {
      throw refusal(`${field}.max`, `max (${when.max}) is below min (${when.min})`);
    }
    if (when.kind === 'score') {
      scoreOf(when.scoreCode, field, 'a safety message');
      return;
    }
    const scored = definition.items.some(
      (item) =>
        item.linkId === when.linkId &&
        (item.type === 'Number' || item.type === 'Slider' || item.options.some((o) => o.ordinal !== null)),
    );
    if (!scored) {
      throw refusal(
        `${field}.linkId`,
        `no question of the template has the linkId '${when.linkId}' and a score (a number, or options with ` +
          'ordinalValues)',
      );
    }
  });
}

const answerOf = (
  externalId: string,
  value: StoredInterpretation,
  updatedAt: Date | null,
): IntegrationQuestionnaireInterpretation => ({
  externalId,
  bands: value.bands,
  safetyMessages: value.safetyMessages,
  updatedAt: updatedAt?.toISOString() ?? null,
});

/** The interpretation as set (none yet: empty lists), or undefined when the facility has no such template. */
export async function interpretationOf(
  db: DbOrTx,
  facilityId: number,
  externalId: string,
): Promise<IntegrationQuestionnaireInterpretation | undefined> {
  const template = await findTemplateWithVersions(db, facilityId, externalId);
  if (!template) return undefined;
  const found = await findInterpretation(db, facilityId, externalId);
  if (!found) return answerOf(externalId, { bands: [], safetyMessages: [] }, null);
  return answerOf(externalId, found.interpretation as StoredInterpretation, found.updatedAt);
}

/**
 * Sets the facility's interpretation of its template, checked against the current version (a 400 naming the field
 * at fault); undefined when the facility has no such template.
 */
export async function putInterpretation(
  db: DbOrTx,
  facilityId: number,
  externalId: string,
  value: QuestionnaireInterpretation,
  now = new Date(),
): Promise<IntegrationQuestionnaireInterpretation | undefined> {
  return db.transaction(async (tx) => {
    const template = await findTemplateWithVersions(tx, facilityId, externalId);
    if (!template) return undefined;
    check(template.definition as QuestionnaireDefinition, value);
    await upsertInterpretation(tx, facilityId, externalId, value, now);
    return answerOf(externalId, value, now);
  });
}
