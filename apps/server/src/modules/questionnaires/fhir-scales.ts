import { z } from 'zod';
import { PORTAL_FHIR_EXTENSIONS } from '@portal/contracts';
import type {
  DefinitionCalculation,
  DefinitionItem,
  DefinitionScale,
  DefinitionScoreRange,
  LocalText,
} from './definition';
import { extensionsOf, localText, numberValue, valueOf } from './fhir-extensions';
import { refuse } from './fhir-refusals';
import type { FhirElement, FhirExtension, Path } from './fhir-shapes';

/** An item with a calculatedExpression: not shown, but the one total of a template that declares no score. */
export interface CalculatedItem {
  linkId: string;
  code: string | null;
  text: LocalText | null;
  calculation: DefinitionCalculation;
}

/** The template's scores, else one total from its calculated item, else none. */
export function scalesOf(
  rootExtensions: FhirExtension[] | undefined,
  items: readonly DefinitionItem[],
  calculated: readonly CalculatedItem[],
): DefinitionScale[] {
  const declared = extensionsOf(rootExtensions, PORTAL_FHIR_EXTENSIONS.score);
  if (declared.length === 0) {
    const total = calculated[0];
    if (!total) return [];
    const code = total.code ?? total.linkId;
    return [
      {
        code,
        name: total.text ?? { text: code, translations: {} },
        linkIds: null,
        ranges: [],
        calculation: total.calculation,
      },
    ];
  }
  const codes = new Set<string>();
  return declared.map(({ ext, index }) => {
    const at: Path = ['extension', index];
    const part = (name: string) => extensionsOf(ext.extension, name);
    const codePart = part('code')[0];
    if (!codePart) refuse([...at, 'extension'], "a score needs a 'code' extension (valueCode)");
    const codeAt: Path = [...at, 'extension', codePart.index];
    const code = valueOf(codePart.ext, codeAt, 'valueCode', z.string().min(1).max(64), 'needs a code (valueCode)');
    if (codes.has(code)) refuse([...codeAt, 'valueCode'], `the score code '${code}' is used twice`);
    codes.add(code);
    const namePart = part('name')[0];
    if (!namePart) refuse([...at, 'extension'], "a score needs a 'name' extension (valueString)");
    const nameAt: Path = [...at, 'extension', namePart.index];
    const name = valueOf(namePart.ext, nameAt, 'valueString', z.string().min(1), 'needs a name (valueString)');
    const linkIds = part('item').map(({ ext: itemExt, index: i }) => {
      const itemAt: Path = [...at, 'extension', i];
      const linkId = valueOf(itemExt, itemAt, 'valueString', z.string(), 'needs a linkId (valueString)');
      checkScoredItem(items, linkId, [...itemAt, 'valueString']);
      return linkId;
    });
    const ranges = part('range').map(({ ext: rangeExt, index: i }) => rangeOf(rangeExt, [...at, 'extension', i]));
    return {
      code,
      name: localText(name, namePart.ext._valueString as FhirElement | undefined, [...nameAt, '_valueString']),
      linkIds: linkIds.length ? linkIds : null,
      ranges,
    };
  });
}

/** A score names a question, or a table by its group's linkId (every row counts). */
function checkScoredItem(items: readonly DefinitionItem[], linkId: string, path: Path): void {
  const named = items.filter((i) => i.type !== 'SectionHeader' && (i.linkId === linkId || i.matrixGuid === linkId));
  if (named.length === 0) refuse(path, `no question or table has the linkId '${linkId}'`);
  const counts = named.some(
    (item) =>
      item.type === 'Number' || item.type === 'Slider' || item.options.some((option) => option.ordinal !== null),
  );
  if (!counts) {
    refuse(path, `'${linkId}' cannot count in a score: it is neither a number nor a choice with ordinalValues`);
  }
}

function rangeOf(ext: FhirExtension, path: Path): DefinitionScoreRange {
  const part = (name: string, what: string) => {
    const found = extensionsOf(ext.extension, name)[0];
    if (!found) refuse([...path, 'extension'], `a score range needs a '${name}' extension (${what})`);
    return { ext: found.ext, at: [...path, 'extension', found.index] as Path };
  };
  const min = part('min', 'valueDecimal');
  const max = part('max', 'valueDecimal');
  const message = part('message', 'valueString');
  const range = { min: numberValue(min.ext, min.at, 'min'), max: numberValue(max.ext, max.at, 'max') };
  if (range.min > range.max) refuse(max.at, `max (${range.max}) is below min (${range.min})`);
  const text = valueOf(message.ext, message.at, 'valueString', z.string().min(1), 'needs its text (valueString)');
  const element = message.ext._valueString as FhirElement | undefined;
  return { ...range, message: localText(text, element, [...message.at, '_valueString']) };
}
