import type { QuestionnaireItemType } from '@portal/contracts';
import type { DefinitionItem, DefinitionVariable, LocalText } from './definition';
import { calculationOf, variablesOf } from './fhir-calculation';
import { EXTENSION, extensionsOf, flagOf, itemControlOf, localText, numberValue } from './fhir-extensions';
import { readOptions } from './fhir-options';
import { refuse } from './fhir-refusals';
import type { CalculatedItem } from './fhir-scales';
import type { FhirItem, FhirQuestionnaire, Path } from './fhir-shapes';

const MATRIX_CONTROLS = new Set(['gtable', 'table']);
const SUPPORTED_TYPES =
  'group, display, date, dateTime, choice, open-choice, integer, decimal, string and text (a boolean is a choice ' +
  'with Yes and No options)';

/**
 * An item as imported. `groupLinkIds`: the linkIds of the FHIR groups that hold it, outermost first (a table's row
 * ends with the table's group), so a QuestionnaireResponse nests its answer as the Questionnaire nests the item.
 * It is stored with the definition; the portal's own reading ignores it.
 */
export interface ImportedDefinitionItem extends DefinitionItem {
  groupLinkIds: string[];
}

/** Reads a Questionnaire's items, in order, into the portal's items; notes its calculated (not shown) items. */
export class ItemReader {
  readonly items: ImportedDefinitionItem[] = [];
  readonly calculated: CalculatedItem[] = [];
  private readonly linkIds = new Set<string>();
  /** The SDC variables in scope (the Questionnaire's, then each enclosing group's); null: one is not FHIRPath. */
  private scope: DefinitionVariable[] | null;

  constructor(
    private readonly contained: FhirQuestionnaire['contained'],
    rootVariables: DefinitionVariable[] | null,
  ) {
    this.scope = rootVariables;
  }

  read(items: FhirItem[]): void {
    this.walk(items, [], []);
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
  private skipped(item: FhirItem, path: Path, groups: string[]): boolean {
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
      const calculation = calculationOf(item, path, this.scope);
      this.calculated.push({
        linkId: item.linkId,
        code: item.code?.find((c) => c.code)?.code ?? null,
        text: item.text ? localText(item.text, item._text, [...path, '_text']) : null,
        calculation: {
          linkId: item.linkId,
          fhirType: item.type,
          text: item.text ?? null,
          groupLinkIds: groups,
          position: this.items.length,
          expression: calculation?.expression ?? null,
          variables: calculation?.variables ?? [],
        },
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

  /** Reads a group's items with its variables in scope. */
  private withVariablesOf(group: FhirItem, path: Path, read: () => void): void {
    const outer = this.scope;
    const own = variablesOf(group.extension, path);
    this.scope = outer && own ? [...outer, ...own] : null;
    read();
    this.scope = outer;
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
    if (this.skipped(item, path, groups)) return;
    const control = itemControlOf(item, path);
    switch (item.type) {
      case 'group':
        if (control && MATRIX_CONTROLS.has(control)) {
          this.readMatrix(item, path, groups);
          return;
        }
        if (item.text) this.add(item, path, groups, 'SectionHeader');
        this.withVariablesOf(item, path, () => this.walk(item.item ?? [], path, [...groups, item.linkId]));
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
        this.add(item, path, groups, type, { options: readOptions(item, path, this.contained) });
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
    this.withVariablesOf(group, path, () =>
      rows.forEach((row, i) => {
        const at: Path = [...path, 'item', i];
        if (this.skipped(row, at, [...groups, group.linkId])) return;
        if (row.type !== 'choice') {
          refuse(
            [...at, 'type'],
            `the rows of a table (itemControl ${itemControlOf(group, path)}) must be choice items, not '${row.type}'`,
          );
        }
        if (row.repeats) refuse([...at, 'repeats'], 'a table row takes one answer: remove repeats or use a group');
        if (row.item?.length) refuse([...at, 'item'], 'a table row cannot hold items of its own');
        const options = readOptions(row, at, this.contained);
        if (columns !== null && options.length !== columns) {
          refuse(
            [...at, row.answerValueSet ? 'answerValueSet' : 'answerOption'],
            `every row of a table has the same options as its first row (its columns: ${columns}), not ${options.length}`,
          );
        }
        columns = options.length;
        this.add(row, at, [...groups, group.linkId], 'Matrix', { options, matrixGuid: group.linkId });
      }),
    );
  }
}
