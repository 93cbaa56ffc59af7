import { z } from 'zod';
import type { LocalText } from './definition';
import { refuse } from './fhir-refusals';
import type { FhirElement, FhirExtension, Path } from './fhir-shapes';

const FHIR_SD = 'http://hl7.org/fhir/StructureDefinition';
const SDC_SD = 'http://hl7.org/fhir/uv/sdc/StructureDefinition';
export const EXTENSION = {
  translation: `${FHIR_SD}/translation`,
  itemControl: `${FHIR_SD}/questionnaire-itemControl`,
  minValue: `${FHIR_SD}/minValue`,
  maxValue: `${FHIR_SD}/maxValue`,
  hidden: `${FHIR_SD}/questionnaire-hidden`,
  variable: `${FHIR_SD}/variable`,
  calculatedExpression: `${SDC_SD}/sdc-questionnaire-calculatedExpression`,
  enableWhenExpression: `${SDC_SD}/sdc-questionnaire-enableWhenExpression`,
} as const;
/** The current ordinalValue and the two older names published instruments still use. */
const ORDINAL_EXTENSIONS = new Set([
  `${FHIR_SD}/ordinalValue`,
  `${FHIR_SD}/questionnaire-ordinalValue`,
  `${FHIR_SD}/iso21090-CO-value`,
]);
export const BCP47 = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,6}$/;

export function extensionsOf(list: FhirExtension[] | undefined, url: string): { ext: FhirExtension; index: number }[] {
  return (list ?? []).flatMap((ext, index) => (ext.url === url ? [{ ext, index }] : []));
}

/** The value of a simple extension, read with `schema` (the value[x] it must carry), or a 400 at its path. */
export function valueOf<T>(ext: FhirExtension, path: Path, key: string, schema: z.ZodType<T>, what: string): T {
  const parsed = schema.safeParse(ext[key]);
  if (!parsed.success) refuse([...path, key], what);
  return parsed.data;
}

export function numberValue(ext: FhirExtension, path: Path, what: string): number {
  if (typeof ext.valueDecimal === 'number' && Number.isFinite(ext.valueDecimal)) return ext.valueDecimal;
  if (typeof ext.valueInteger === 'number' && Number.isInteger(ext.valueInteger)) return ext.valueInteger;
  refuse([...path, 'valueDecimal'], `${what} needs a number (valueDecimal or valueInteger)`);
}

/** The translations of a primitive: the translation extensions of its sibling element (`_text`, `_display`...). */
export function translationsOf(element: FhirElement | undefined, path: Path): Record<string, string> {
  const explicit: Record<string, string> = {};
  const derived: Record<string, string> = {};
  for (const { ext, index } of extensionsOf(element?.extension, EXTENSION.translation)) {
    const at: Path = [...path, 'extension', index];
    const lang = extensionsOf(ext.extension, 'lang')[0];
    const content = extensionsOf(ext.extension, 'content')[0];
    if (!lang) refuse([...at, 'extension'], "a translation needs a 'lang' extension (valueCode, such as es-MX)");
    if (!content) refuse([...at, 'extension'], "a translation needs a 'content' extension (valueString)");
    const langAt: Path = [...at, 'extension', lang.index];
    const tag = valueOf(lang.ext, langAt, 'valueCode', z.string().regex(BCP47), 'must be a language tag (es, es-MX)');
    const contentAt: Path = [...at, 'extension', content.index];
    const text =
      typeof content.ext.valueMarkdown === 'string'
        ? content.ext.valueMarkdown
        : valueOf(content.ext, contentAt, 'valueString', z.string(), 'a translation needs its text (valueString)');
    explicit[tag] = text;
    const primary = tag.split('-')[0]?.toLowerCase() ?? tag;
    if (primary !== tag) derived[primary] ??= text;
  }
  // 'es' given on its own wins over the 'es' read from 'es-MX'.
  return { ...derived, ...explicit };
}

export function localText(text: string, element: FhirElement | undefined, path: Path): LocalText {
  return { text, translations: translationsOf(element, path) };
}

/** The first code of the item's itemControl extension (drop-down, radio-button, check-box, slider, gtable...). */
export function itemControlOf(item: { extension?: FhirExtension[] }, path: Path): string | null {
  const found = extensionsOf(item.extension, EXTENSION.itemControl)[0];
  if (!found) return null;
  const concept = valueOf(
    found.ext,
    [...path, 'extension', found.index],
    'valueCodeableConcept',
    z.looseObject({ coding: z.array(z.looseObject({ code: z.string().optional() })).optional() }),
    'itemControl needs a valueCodeableConcept with a coding',
  );
  return concept.coding?.find((c) => c.code)?.code ?? null;
}

export function flagOf(list: FhirExtension[] | undefined, url: string, path: Path): boolean {
  const found = extensionsOf(list, url)[0];
  if (!found) return false;
  return valueOf(found.ext, [...path, 'extension', found.index], 'valueBoolean', z.boolean(), 'must be true or false');
}

export function ordinalOf(list: FhirExtension[] | undefined, path: Path): number | null {
  const index = (list ?? []).findIndex((ext) => ORDINAL_EXTENSIONS.has(ext.url));
  const ext = list?.[index];
  return ext ? numberValue(ext, [...path, 'extension', index], 'an ordinalValue') : null;
}
