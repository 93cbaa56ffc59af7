import { z } from 'zod';
import { FHIR_QUESTIONNAIRE_LIMITS, PORTAL_FHIR_EXTENSIONS, type QuestionnaireItemType } from '@portal/contracts';
import { BUNDLED_PACKS } from '../../platform/content/language-packs';
import { AppError } from '../../platform/errors/app-error';
import type {
  DefinitionItem,
  DefinitionOption,
  DefinitionScale,
  DefinitionScoreRange,
  LocalText,
  QuestionnaireDefinition,
} from './definition';

// The import of a FHIR R4 Questionnaire (docs/adr/0009-questionnaires.md): read once, when a facility's system puts
// a template, into the portal's QuestionnaireDefinition. Only what the portal reads is checked; other elements and
// extensions (codes, units, observation links, FHIRPath variables) are kept in the stored resource and ignored.
// Anything the portal cannot show as the author meant it is refused with a 400 naming its JSON path, never dropped.

export const INVALID_QUESTIONNAIRE = 'invalid_questionnaire';

const FHIR_SD = 'http://hl7.org/fhir/StructureDefinition';
const SDC_SD = 'http://hl7.org/fhir/uv/sdc/StructureDefinition';
const EXTENSION = {
  translation: `${FHIR_SD}/translation`,
  itemControl: `${FHIR_SD}/questionnaire-itemControl`,
  minValue: `${FHIR_SD}/minValue`,
  maxValue: `${FHIR_SD}/maxValue`,
  hidden: `${FHIR_SD}/questionnaire-hidden`,
  calculatedExpression: `${SDC_SD}/sdc-questionnaire-calculatedExpression`,
  enableWhenExpression: `${SDC_SD}/sdc-questionnaire-enableWhenExpression`,
} as const;
/** The current ordinalValue and the two older names published instruments still use. */
const ORDINAL_EXTENSIONS = new Set([
  `${FHIR_SD}/ordinalValue`,
  `${FHIR_SD}/questionnaire-ordinalValue`,
  `${FHIR_SD}/iso21090-CO-value`,
]);
const MATRIX_CONTROLS = new Set(['gtable', 'table']);
const SUPPORTED_TYPES =
  'group, display, date, dateTime, choice, open-choice, integer, decimal, string and text (a boolean is a choice ' +
  'with Yes and No options)';
const OTHER_OPTION_KEY = 'questionnaires.otherOption';
const BCP47 = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,6}$/;

/**
 * An item as imported. `groupLinkIds`: the linkIds of the FHIR groups that hold it, outermost first (a table's row
 * ends with the table's group), so a QuestionnaireResponse nests its answer as the Questionnaire nests the item.
 * It is stored with the definition; the portal's own reading ignores it.
 */
export interface ImportedDefinitionItem extends DefinitionItem {
  groupLinkIds: string[];
}

/* ------------------------------------------------------------------ shapes */

type Path = (string | number)[];

interface FhirExtension {
  url: string;
  extension?: FhirExtension[];
  [value: string]: unknown;
}

const ExtensionSchema: z.ZodType<FhirExtension> = z.looseObject({
  url: z.string().min(1),
  get extension() {
    return z.array(ExtensionSchema).optional();
  },
});
/** A primitive's sibling (_text, _display...): where its translations are. */
const ElementSchema = z.looseObject({ extension: z.array(ExtensionSchema).optional() });
type FhirElement = z.infer<typeof ElementSchema>;
const extensions = z.array(ExtensionSchema).optional();

const CodingSchema = z.looseObject({
  system: z.string().optional(),
  code: z.string().optional(),
  display: z.string().optional(),
  _display: ElementSchema.optional(),
  extension: extensions,
});

const AnswerOptionSchema = z.looseObject({
  valueCoding: CodingSchema.optional(),
  valueString: z.string().optional(),
  _valueString: ElementSchema.optional(),
  extension: extensions,
});

interface FhirItem {
  linkId: string;
  type: string;
  text?: string;
  _text?: FhirElement;
  prefix?: string;
  required?: boolean;
  repeats?: boolean;
  readOnly?: boolean;
  enableWhen?: unknown[];
  answerValueSet?: string;
  answerOption?: z.infer<typeof AnswerOptionSchema>[];
  code?: z.infer<typeof CodingSchema>[];
  extension?: FhirExtension[];
  item?: FhirItem[];
}

const ItemSchema: z.ZodType<FhirItem> = z.looseObject({
  linkId: z.string().min(1).max(255),
  type: z.string().min(1),
  text: z.string().optional(),
  _text: ElementSchema.optional(),
  prefix: z.string().optional(),
  required: z.boolean().optional(),
  repeats: z.boolean().optional(),
  readOnly: z.boolean().optional(),
  enableWhen: z.array(z.unknown()).optional(),
  answerValueSet: z.string().optional(),
  answerOption: z.array(AnswerOptionSchema).optional(),
  code: z.array(CodingSchema).optional(),
  extension: extensions,
  get item() {
    return z.array(ItemSchema).optional();
  },
});

const QuestionnaireSchema = z.looseObject({
  resourceType: z.literal('Questionnaire'),
  status: z.enum(['draft', 'active', 'retired', 'unknown']),
  url: z.string().optional(),
  version: z.string().optional(),
  name: z.string().optional(),
  title: z.string().optional(),
  _title: ElementSchema.optional(),
  description: z.string().optional(),
  _description: ElementSchema.optional(),
  extension: extensions,
  contained: z.array(z.looseObject({ resourceType: z.string(), id: z.string().optional() })).optional(),
  item: z.array(ItemSchema).min(1),
});
type FhirQuestionnaire = z.infer<typeof QuestionnaireSchema>;

const ConceptFields = {
  code: z.string().optional(),
  display: z.string().optional(),
  _display: ElementSchema.optional(),
  extension: extensions,
  designation: z.array(z.looseObject({ language: z.string().optional(), value: z.string() })).optional(),
};
const ValueSetSchema = z.looseObject({
  resourceType: z.literal('ValueSet'),
  compose: z
    .looseObject({
      include: z.array(
        z.looseObject({ system: z.string().optional(), concept: z.array(z.looseObject(ConceptFields)).optional() }),
      ),
    })
    .optional(),
  expansion: z
    .looseObject({ contains: z.array(z.looseObject({ system: z.string().optional(), ...ConceptFields })).optional() })
    .optional(),
});
type FhirConcept = { system?: string } & z.infer<z.ZodObject<typeof ConceptFields>>;

/* ------------------------------------------------------------------ errors */

/** `['item', 2, 'item', 0, 'type']` -> `item[2].item[0].type`. */
export function fhirPath(path: Path): string {
  return path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    '',
  );
}

function refuse(path: Path, message: string): never {
  const field = fhirPath(path) || 'resource';
  throw new AppError(400, INVALID_QUESTIONNAIRE, `${field}: ${message}`, field);
}

function refusalOf(issue: z.core.$ZodIssue): never {
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  const last = path.at(-1);
  if (issue.code === 'invalid_type') {
    refuse(
      path,
      issue.input === undefined
        ? 'is required'
        : `must be ${issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}`,
    );
  }
  if (issue.code === 'invalid_value') {
    if (issue.input === undefined) refuse(path, 'is required');
    if (last === 'resourceType') refuse(path, 'must be "Questionnaire" (a FHIR R4 Questionnaire resource)');
    refuse(path, `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`);
  }
  if (issue.code === 'too_small') {
    refuse(path, last === 'item' ? 'needs at least one item' : 'must not be empty');
  }
  if (issue.code === 'too_big') refuse(path, 'is too long (linkIds have at most 255 characters)');
  refuse(path, issue.message);
}

/**
 * The limits, before anything else is read: strings of at most 10,000 characters, at most 500 items, nested at
 * most 5 deep. Also keeps a hostile nesting of plain JSON from reaching the recursive schema.
 */
function checkLimits(resource: unknown): void {
  const { stringLength, items: maxItems, depth: maxDepth } = FHIR_QUESTIONNAIRE_LIMITS;
  let items = 0;
  const walk = (value: unknown, path: Path, itemDepth: number): void => {
    if (typeof value === 'string') {
      if (value.length > stringLength) refuse(path, `is longer than ${stringLength} characters`);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    if (path.length > 64) refuse(path, 'is nested too deep');
    if (Array.isArray(value)) {
      value.forEach((entry, i) => walk(entry, [...path, i], itemDepth));
      return;
    }
    for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
      if (key === 'item' && Array.isArray(entry) && path[0] !== 'contained') {
        if (itemDepth + 1 > maxDepth) refuse([...path, key], `items are nested more than ${maxDepth} levels deep`);
        items += entry.length;
        if (items > maxItems) refuse([...path, key], `a questionnaire has at most ${maxItems} items`);
        entry.forEach((child, i) => walk(child, [...path, key, i], itemDepth + 1));
      } else {
        walk(entry, [...path, key], itemDepth);
      }
    }
  };
  walk(resource, [], 0);
}

/* -------------------------------------------------------------- extensions */

function extensionsOf(list: FhirExtension[] | undefined, url: string): { ext: FhirExtension; index: number }[] {
  return (list ?? []).flatMap((ext, index) => (ext.url === url ? [{ ext, index }] : []));
}

/** The value of a simple extension, read with `schema` (the value[x] it must carry), or a 400 at its path. */
function valueOf<T>(ext: FhirExtension, path: Path, key: string, schema: z.ZodType<T>, what: string): T {
  const parsed = schema.safeParse(ext[key]);
  if (!parsed.success) refuse([...path, key], what);
  return parsed.data;
}

function numberValue(ext: FhirExtension, path: Path, what: string): number {
  if (typeof ext.valueDecimal === 'number' && Number.isFinite(ext.valueDecimal)) return ext.valueDecimal;
  if (typeof ext.valueInteger === 'number' && Number.isInteger(ext.valueInteger)) return ext.valueInteger;
  refuse([...path, 'valueDecimal'], `${what} needs a number (valueDecimal or valueInteger)`);
}

/** The translations of a primitive: the translation extensions of its sibling element (`_text`, `_display`...). */
function translationsOf(element: FhirElement | undefined, path: Path): Record<string, string> {
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

function localText(text: string, element: FhirElement | undefined, path: Path): LocalText {
  return { text, translations: translationsOf(element, path) };
}

/** The first code of the item's itemControl extension (drop-down, radio-button, check-box, slider, gtable...). */
function itemControlOf(item: { extension?: FhirExtension[] }, path: Path): string | null {
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

function flagOf(list: FhirExtension[] | undefined, url: string, path: Path): boolean {
  const found = extensionsOf(list, url)[0];
  if (!found) return false;
  return valueOf(found.ext, [...path, 'extension', found.index], 'valueBoolean', z.boolean(), 'must be true or false');
}

function ordinalOf(list: FhirExtension[] | undefined, path: Path): number | null {
  const index = (list ?? []).findIndex((ext) => ORDINAL_EXTENSIONS.has(ext.url));
  const ext = list?.[index];
  return ext ? numberValue(ext, [...path, 'extension', index], 'an ordinalValue') : null;
}

/* ------------------------------------------------------------------ reader */

interface CalculatedItem {
  linkId: string;
  code: string | null;
  text: LocalText | null;
}

class QuestionnaireReader {
  private readonly items: ImportedDefinitionItem[] = [];
  private readonly linkIds = new Set<string>();
  private readonly calculated: CalculatedItem[] = [];

  constructor(private readonly q: FhirQuestionnaire) {}

  read(): QuestionnaireDefinition {
    const q = this.q;
    const titleText = q.title ?? q.name;
    if (!titleText?.trim())
      refuse(['title'], 'a questionnaire needs a title (or a name): patients see it in their list');
    this.walk(q.item, [], []);
    if (!this.items.some((i) => i.type !== 'SectionHeader')) {
      refuse(['item'], 'has no question a patient can answer');
    }
    return {
      url: q.url ?? null,
      version: q.version ?? null,
      title: localText(titleText, q.title ? q._title : undefined, ['_title']),
      description: q.description ? localText(q.description, q._description, ['_description']) : null,
      patientInstructions: this.rootText(PORTAL_FHIR_EXTENSIONS.patientInstructions, true),
      completionMessage: this.rootText(PORTAL_FHIR_EXTENSIONS.completionMessage, false),
      items: this.items,
      scales: this.scales(),
    };
  }

  private rootText(url: string, markdown: boolean): LocalText | null {
    const found = extensionsOf(this.q.extension, url)[0];
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

  private claimLinkId(item: FhirItem, path: Path): void {
    if (this.linkIds.has(item.linkId)) {
      refuse([...path, 'linkId'], `linkId '${item.linkId}' is used by another item; each item needs its own`);
    }
    this.linkIds.add(item.linkId);
  }

  private add(
    item: FhirItem,
    path: Path,
    groups: string[],
    type: QuestionnaireItemType,
    extra: Partial<DefinitionItem> = {},
  ): ImportedDefinitionItem {
    const imported: ImportedDefinitionItem = {
      questionnaireItemId: this.items.length + 1,
      linkId: item.linkId,
      type,
      fhirType: item.type,
      text: localText(item.text ?? '', item._text, [...path, '_text']),
      prefix: item.prefix ?? null,
      isRequired: type !== 'SectionHeader' && item.required === true,
      matrixGuid: null,
      options: [],
      lowerBound: null,
      upperBound: null,
      lowerBoundLabel: null,
      upperBoundLabel: null,
      isMultiLine: false,
      ...extra,
      groupLinkIds: groups,
    };
    this.items.push(imported);
    return imported;
  }

  /** Refusals every item shares; true when the item is not shown at all (hidden or calculated). */
  private skipped(item: FhirItem, path: Path): boolean {
    this.claimLinkId(item, path);
    if (item.enableWhen?.length) {
      refuse(
        [...path, 'enableWhen'],
        'conditional items (enableWhen) are not supported: the portal shows every item to every patient',
      );
    }
    const expression = extensionsOf(item.extension, EXTENSION.enableWhenExpression)[0];
    if (expression) {
      refuse([...path, 'extension', expression.index], 'conditional items (enableWhenExpression) are not supported');
    }
    if (extensionsOf(item.extension, EXTENSION.calculatedExpression).length > 0) {
      this.calculated.push({
        linkId: item.linkId,
        code: item.code?.find((c) => c.code)?.code ?? null,
        text: item.text ? localText(item.text, item._text, [...path, '_text']) : null,
      });
      this.claimDescendants(item.item, path);
      return true;
    }
    if (flagOf(item.extension, EXTENSION.hidden, path)) {
      this.claimDescendants(item.item, path);
      return true;
    }
    if (item.readOnly) {
      refuse(
        [...path, 'readOnly'],
        'a read-only item is supported only as a calculated total (with a calculatedExpression); the patient ' +
          'could not answer it',
      );
    }
    return false;
  }

  private claimDescendants(children: FhirItem[] | undefined, path: Path): void {
    children?.forEach((child, i) => {
      const at: Path = [...path, 'item', i];
      this.claimLinkId(child, at);
      this.claimDescendants(child.item, at);
    });
  }

  private walk(items: FhirItem[], path: Path, groups: string[]): void {
    items.forEach((item, i) => this.readItem(item, [...path, 'item', i], groups));
  }

  private readItem(item: FhirItem, path: Path, groups: string[]): void {
    if (this.skipped(item, path)) return;
    const control = itemControlOf(item, path);
    switch (item.type) {
      case 'group':
        if (control && MATRIX_CONTROLS.has(control)) {
          this.readMatrix(item, path, groups);
          return;
        }
        if (item.text) this.add(item, path, groups, 'SectionHeader');
        this.walk(item.item ?? [], path, [...groups, item.linkId]);
        return;
      case 'display':
        this.add(item, path, groups, 'SectionHeader');
        this.readDisplayChildren(item, path, groups);
        return;
      case 'date':
      case 'dateTime':
        this.add(item, path, groups, 'Date');
        break;
      case 'choice':
      case 'open-choice': {
        const multiple = control === 'check-box' || item.repeats === true;
        const type = multiple ? 'Checkbox' : control === 'drop-down' ? 'Dropdown' : 'Radio';
        this.add(item, path, groups, type, { options: this.readOptions(item, path) });
        break;
      }
      case 'integer':
      case 'decimal':
        this.readNumber(item, path, groups, control === 'slider');
        return;
      case 'string':
      case 'text':
        this.add(item, path, groups, 'Text', { isMultiLine: item.type === 'text' });
        break;
      default:
        refuse(
          [...path, 'type'],
          `items of type '${item.type}' cannot be shown in the portal; it shows ${SUPPORTED_TYPES}`,
        );
    }
    this.readDisplayChildren(item, path, groups);
  }

  /**
   * A question's own items: display texts (help, instructions) follow it as section headers. A question nested
   * under a question is refused: its answer would belong to the parent's answer, which the portal cannot show.
   */
  private readDisplayChildren(item: FhirItem, path: Path, groups: string[], consumed = new Set<number>()): void {
    item.item?.forEach((child, i) => {
      if (consumed.has(i)) return;
      const at: Path = [...path, 'item', i];
      if (child.type !== 'display') {
        refuse(
          [...at, 'type'],
          `a question nested under the question '${item.linkId}' is not supported; put both in a group instead`,
        );
      }
      this.readItem(child, at, groups);
    });
  }

  private readNumber(item: FhirItem, path: Path, groups: string[], slider: boolean): void {
    const bound = (url: string, what: string) => {
      const found = extensionsOf(item.extension, url)[0];
      return found ? numberValue(found.ext, [...path, 'extension', found.index], what) : null;
    };
    const lowerBound = bound(EXTENSION.minValue, 'minValue');
    const upperBound = bound(EXTENSION.maxValue, 'maxValue');
    if (lowerBound !== null && upperBound !== null && lowerBound > upperBound) {
      refuse([...path, 'extension'], `minValue (${lowerBound}) is above maxValue (${upperBound})`);
    }
    if (!slider) {
      this.add(item, path, groups, 'Number', { lowerBound, upperBound });
      this.readDisplayChildren(item, path, groups);
      return;
    }
    if (lowerBound === null || upperBound === null) {
      refuse([...path, 'extension'], 'a slider needs minValue and maxValue extensions: they are its two ends');
    }
    // The slider's end labels are display items under it with itemControl lower and upper.
    const consumed = new Set<number>();
    const label = (code: 'lower' | 'upper'): LocalText | null => {
      for (const [i, child] of (item.item ?? []).entries()) {
        const at: Path = [...path, 'item', i];
        if (child.type !== 'display' || itemControlOf(child, at) !== code) continue;
        this.claimLinkId(child, at);
        consumed.add(i);
        return localText(child.text ?? '', child._text, [...at, '_text']);
      }
      return null;
    };
    this.add(item, path, groups, 'Slider', {
      lowerBound,
      upperBound,
      lowerBoundLabel: label('lower'),
      upperBoundLabel: label('upper'),
    });
    this.readDisplayChildren(item, path, groups, consumed);
  }

  /** A table: one Matrix item per row; the rows' options are the columns, so every row has as many. */
  private readMatrix(group: FhirItem, path: Path, groups: string[]): void {
    const rows = group.item ?? [];
    if (rows.length === 0) refuse([...path, 'item'], 'a table (itemControl gtable or table) needs rows');
    if (group.text) this.add(group, path, groups, 'SectionHeader');
    let columns: number | null = null;
    rows.forEach((row, i) => {
      const at: Path = [...path, 'item', i];
      if (this.skipped(row, at)) return;
      if (row.type !== 'choice') {
        refuse(
          [...at, 'type'],
          `the rows of a table (itemControl ${itemControlOf(group, path)}) must be choice items, not '${row.type}'`,
        );
      }
      if (row.repeats) refuse([...at, 'repeats'], 'a table row takes one answer: remove repeats or use a group');
      if (row.item?.length) refuse([...at, 'item'], 'a table row cannot hold items of its own');
      const options = this.readOptions(row, at);
      if (columns !== null && options.length !== columns) {
        refuse(
          [...at, row.answerValueSet ? 'answerValueSet' : 'answerOption'],
          `every row of a table has the same options as its first row (its columns: ${columns}), not ${options.length}`,
        );
      }
      columns = options.length;
      this.add(row, at, [...groups, group.linkId], 'Matrix', { options, matrixGuid: group.linkId });
    });
  }

  /** The options of a choice item, numbered 1..n; an open-choice item without an 'other' option gets one. */
  private readOptions(item: FhirItem, path: Path): DefinitionOption[] {
    if (item.answerOption && item.answerValueSet) {
      refuse([...path, 'answerValueSet'], 'give answerOption or answerValueSet, not both');
    }
    const read = item.answerValueSet
      ? this.valueSetOptions(item.answerValueSet, [...path, 'answerValueSet'])
      : (item.answerOption ?? []).map((option, i) => this.answerOption(option, [...path, 'answerOption', i]));
    if (read.length === 0 && item.type === 'choice') {
      refuse(path, `the choice item '${item.linkId}' needs answerOption or a contained answerValueSet`);
    }
    if (item.type === 'open-choice' && !read.some((o) => o.isOtherOption)) read.push(otherOption());
    if (read.length > FHIR_QUESTIONNAIRE_LIMITS.options) {
      refuse(path, `a choice item has at most ${FHIR_QUESTIONNAIRE_LIMITS.options} options`);
    }
    return read.map((option, i) => ({ ...option, listAnswerId: i + 1 }));
  }

  private answerOption(option: z.infer<typeof AnswerOptionSchema>, path: Path): Omit<DefinitionOption, 'listAnswerId'> {
    const coding = option.valueCoding;
    if (coding) {
      const shown = coding.display ?? coding.code;
      if (!shown) refuse([...path, 'valueCoding'], 'an option needs a code or a display');
      const codingPath: Path = [...path, 'valueCoding'];
      return {
        system: coding.system ?? null,
        code: coding.code ?? null,
        text: localText(shown, coding.display ? coding._display : undefined, [...codingPath, '_display']),
        ordinal: ordinalOf(option.extension, path) ?? ordinalOf(coding.extension, codingPath),
        isOtherOption:
          flagOf(option.extension, PORTAL_FHIR_EXTENSIONS.otherOption, path) ||
          flagOf(coding.extension, PORTAL_FHIR_EXTENSIONS.otherOption, codingPath),
      };
    }
    if (option.valueString !== undefined) {
      return {
        system: null,
        code: null,
        text: localText(option.valueString, option._valueString, [...path, '_valueString']),
        ordinal: ordinalOf(option.extension, path),
        isOtherOption: flagOf(option.extension, PORTAL_FHIR_EXTENSIONS.otherOption, path),
      };
    }
    const other = Object.keys(option).find((key) => key.startsWith('value'));
    refuse(
      other ? [...path, other] : path,
      other
        ? `options given as ${other} cannot be shown; give each option as a valueCoding or a valueString`
        : 'an option needs a valueCoding or a valueString',
    );
  }

  /** The options of a contained ValueSet (`#id`): its expansion, else the concepts its compose lists. */
  private valueSetOptions(reference: string, path: Path): Omit<DefinitionOption, 'listAnswerId'>[] {
    if (!reference.startsWith('#')) {
      refuse(
        path,
        `'${reference}' is not contained in the Questionnaire: the portal reads only contained value sets ` +
          '(answerValueSet "#id" naming an entry of contained) and never expands an external one',
      );
    }
    const index = (this.q.contained ?? []).findIndex(
      (r) => r.resourceType === 'ValueSet' && r.id === reference.slice(1),
    );
    if (index < 0) refuse(path, `no ValueSet with id '${reference.slice(1)}' is contained in the Questionnaire`);
    const at: Path = ['contained', index];
    const parsed = ValueSetSchema.safeParse(this.q.contained?.[index], { reportInput: true });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue) refusalOf({ ...issue, path: [...at, ...issue.path] });
    }
    const valueSet = parsed.data;
    const concepts: { concept: FhirConcept; path: Path }[] = [];
    if (valueSet?.expansion?.contains?.length) {
      valueSet.expansion.contains.forEach((concept, i) =>
        concepts.push({ concept, path: [...at, 'expansion', 'contains', i] }),
      );
    } else {
      valueSet?.compose?.include.forEach((include, i) => {
        const includeAt: Path = [...at, 'compose', 'include', i];
        if (!include.concept) {
          refuse(includeAt, 'only value sets that list their concepts can be shown (no filters or other value sets)');
        }
        include.concept.forEach((concept, j) =>
          concepts.push({ concept: { ...concept, system: include.system }, path: [...includeAt, 'concept', j] }),
        );
      });
    }
    if (concepts.length === 0) refuse(at, 'the ValueSet lists no concepts');
    return concepts.map(({ concept, path: conceptAt }) => {
      const shown = concept.display ?? concept.code;
      if (!shown) refuse(conceptAt, 'a concept needs a code or a display');
      const translations = concept.display ? translationsOf(concept._display, [...conceptAt, '_display']) : {};
      for (const designation of concept.designation ?? []) {
        if (designation.language && BCP47.test(designation.language)) {
          translations[designation.language] ??= designation.value;
          translations[designation.language.split('-')[0]?.toLowerCase() ?? designation.language] ??= designation.value;
        }
      }
      return {
        system: concept.system ?? null,
        code: concept.code ?? null,
        text: { text: shown, translations },
        ordinal: ordinalOf(concept.extension, conceptAt),
        isOtherOption: flagOf(concept.extension, PORTAL_FHIR_EXTENSIONS.otherOption, conceptAt),
      };
    });
  }

  /** The template's scores, else one total from its calculated item, else none. */
  private scales(): DefinitionScale[] {
    const declared = extensionsOf(this.q.extension, PORTAL_FHIR_EXTENSIONS.score);
    if (declared.length === 0) {
      const total = this.calculated[0];
      if (!total) return [];
      const code = total.code ?? total.linkId;
      return [{ code, name: total.text ?? { text: code, translations: {} }, linkIds: null, ranges: [] }];
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
        this.checkScoredItem(linkId, [...itemAt, 'valueString']);
        return linkId;
      });
      const ranges = part('range').map(({ ext: rangeExt, index: i }) => this.range(rangeExt, [...at, 'extension', i]));
      return {
        code,
        name: localText(name, namePart.ext._valueString as FhirElement | undefined, [...nameAt, '_valueString']),
        linkIds: linkIds.length ? linkIds : null,
        ranges,
      };
    });
  }

  /** A score names a question, or a table by its group's linkId (every row counts). */
  private checkScoredItem(linkId: string, path: Path): void {
    const named = this.items.filter(
      (i) => i.type !== 'SectionHeader' && (i.linkId === linkId || i.matrixGuid === linkId),
    );
    if (named.length === 0) refuse(path, `no question or table has the linkId '${linkId}'`);
    const counts = named.some(
      (item) =>
        item.type === 'Number' || item.type === 'Slider' || item.options.some((option) => option.ordinal !== null),
    );
    if (!counts) {
      refuse(path, `'${linkId}' cannot count in a score: it is neither a number nor a choice with ordinalValues`);
    }
  }

  private range(ext: FhirExtension, path: Path): DefinitionScoreRange {
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
}

/** The 'Other' option an open-choice item gets, in every language of the bundled packs. */
function otherOption(): Omit<DefinitionOption, 'listAnswerId'> {
  const translations: Record<string, string> = {};
  for (const [language, pack] of Object.entries(BUNDLED_PACKS)) {
    const text = pack[OTHER_OPTION_KEY];
    if (text && language !== 'en') translations[language] = text;
  }
  const text = BUNDLED_PACKS.en[OTHER_OPTION_KEY];
  if (!text) throw new Error(`The English language pack has no ${OTHER_OPTION_KEY}`);
  return { system: null, code: null, text: { text, translations }, ordinal: null, isOtherOption: true };
}

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
  return new QuestionnaireReader(parsed.data).read();
}
