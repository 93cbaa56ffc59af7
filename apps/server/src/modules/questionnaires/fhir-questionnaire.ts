import { z } from 'zod';
import { PORTAL_FHIR_EXTENSIONS } from '@portal/contracts';
import type { LocalText, QuestionnaireDefinition } from './definition';
import { variablesOf } from './fhir-calculation';
import { extensionsOf, localText, valueOf } from './fhir-extensions';
import { ItemReader } from './fhir-items';
import { checkLimits, refusalOf, refuse } from './fhir-refusals';
import { scalesOf } from './fhir-scales';
import { QuestionnaireSchema, type FhirElement, type FhirQuestionnaire, type Path } from './fhir-shapes';

// The import of a FHIR R4 Questionnaire (docs/adr/0009-questionnaires.md): read once, when a facility's system puts
// a template, into the portal's QuestionnaireDefinition. Only what the portal reads is checked; other elements and
// extensions (codes, units, observation links, FHIRPath variables) are kept in the stored resource and ignored.
// Anything the portal cannot show as the author meant it is refused with a 400 naming its JSON path, never dropped.
// The parts: fhir-shapes.ts (the resource as read), fhir-refusals.ts (the 400s and the size limits),
// fhir-extensions.ts (extensions and translations), fhir-items.ts (the items), fhir-options.ts (a choice's options)
// and fhir-scales.ts (the scores).

export { fhirPath, INVALID_QUESTIONNAIRE } from './fhir-refusals';
export type { ImportedDefinitionItem } from './fhir-items';

/**
 * Reads a FHIR R4 Questionnaire into the portal's definition (docs/adr/0009-questionnaires.md), or refuses it with
 * AppError 400 invalid_questionnaire whose field is the JSON path of the part at fault (`item[2].item[0].type`).
 */
export function readFhirQuestionnaire(resource: unknown): QuestionnaireDefinition {
  if (resource === null || typeof resource !== 'object' || Array.isArray(resource)) {
    refuse([], 'must be a FHIR R4 Questionnaire resource (a JSON object)');
  }
  checkLimits(resource);
  const parsed = QuestionnaireSchema.safeParse(resource, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue) refusalOf(issue);
    refuse([], 'is not a FHIR R4 Questionnaire');
  }
  return definitionOf(parsed.data);
}

function definitionOf(q: FhirQuestionnaire): QuestionnaireDefinition {
  const titleText = q.title ?? q.name;
  if (!titleText?.trim()) refuse(['title'], 'a questionnaire needs a title (or a name): patients see it in their list');
  const reader = new ItemReader(q.contained, variablesOf(q.extension, []));
  reader.read(q.item);
  if (!reader.items.some((i) => i.type !== 'SectionHeader')) {
    refuse(['item'], 'has no question a patient can answer');
  }
  return {
    url: q.url ?? null,
    version: q.version ?? null,
    title: localText(titleText, q.title ? q._title : undefined, ['_title']),
    description: q.description ? localText(q.description, q._description, ['_description']) : null,
    patientInstructions: rootText(q, PORTAL_FHIR_EXTENSIONS.patientInstructions, true),
    completionMessage: rootText(q, PORTAL_FHIR_EXTENSIONS.completionMessage, false),
    items: reader.items,
    scales: scalesOf(q.extension, reader.items, reader.calculated),
  };
}

function rootText(q: FhirQuestionnaire, url: string, markdown: boolean): LocalText | null {
  const found = extensionsOf(q.extension, url)[0];
  if (!found) return null;
  const at: Path = ['extension', found.index];
  const key = markdown && typeof found.ext.valueMarkdown === 'string' ? 'valueMarkdown' : 'valueString';
  const text = valueOf(
    found.ext,
    at,
    key,
    z.string().min(1),
    `needs its text (${markdown ? 'valueMarkdown or ' : ''}valueString)`,
  );
  return localText(text, found.ext[`_${key}`] as FhirElement | undefined, [...at, `_${key}`]);
}
