import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QuestionnaireAnswer } from '@portal/contracts';
import { AppError } from '../../platform/errors/app-error';
import { BUNDLED_PACKS } from '../../platform/content/language-packs';
import type { DefinitionItem } from './definition';
import { fhirPath, readFhirQuestionnaire, type ImportedDefinitionItem } from './fhir-questionnaire';
import { scoreAnswers } from './scoring';

/* ---------------------------------------------------------------- builders */

const SD = 'http://hl7.org/fhir/StructureDefinition';
const PORTAL = 'https://fhir.patient-portal.dev/StructureDefinition';
const CALCULATED = 'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression';

type Json = Record<string, unknown>;

const questionnaire = (items: Json[], extra: Json = {}): Json => ({
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'Check-in',
  item: items,
  ...extra,
});
const control = (code: string): Json => ({
  url: `${SD}/questionnaire-itemControl`,
  valueCodeableConcept: { coding: [{ system: 'http://hl7.org/fhir/questionnaire-item-control', code }] },
});
const translation = (lang: string, content: string): Json => ({
  url: `${SD}/translation`,
  extension: [
    { url: 'lang', valueCode: lang },
    { url: 'content', valueString: content },
  ],
});
const translated = (...pairs: [string, string][]) => ({ extension: pairs.map(([l, c]) => translation(l, c)) });
const coding = (code: string, display: string, extension?: Json[]): Json => ({
  valueCoding: { system: 'http://loinc.org', code, display, ...(extension ? { extension } : {}) },
});
const ordinal = (value: number, url = `${SD}/ordinalValue`): Json => ({ url, valueDecimal: value });
const choice = (linkId: string, extra: Json = {}): Json => ({
  linkId,
  text: `Question ${linkId}`,
  type: 'choice',
  answerOption: [coding('a', 'Yes'), coding('b', 'No')],
  ...extra,
});

/** The definition of a questionnaire of `items`, and the one item of it with `linkId`. */
function read(items: Json[], extra: Json = {}) {
  return readFhirQuestionnaire(questionnaire(items, extra));
}
function itemOf(items: Json[], linkId: string): ImportedDefinitionItem {
  const found = read(items).items.find((i) => i.linkId === linkId);
  if (!found) throw new Error(`no item ${linkId}`);
  return found as ImportedDefinitionItem;
}

/** The refusal of a resource: a 400 invalid_questionnaire naming `field`, and its message. */
function refusal(resource: unknown, field: string): string {
  try {
    readFhirQuestionnaire(resource);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect({ status: appError.statusCode, code: appError.code, field: appError.field }).toEqual({
      status: 400,
      code: 'invalid_questionnaire',
      field,
    });
    expect(appError.message.startsWith(`${field}: `)).toBe(true);
    return appError.message;
  }
  throw new Error('the resource was read');
}

/* ----------------------------------------------------------- the mapping */

describe('readFhirQuestionnaire: the item types (ADR 0009 mapping table)', () => {
  it('date and dateTime are Date items, answered as a day', () => {
    const items = read([
      { linkId: 'd1', text: 'When?', type: 'date' },
      { linkId: 'd2', text: 'And then?', type: 'dateTime' },
    ]).items;
    expect(items.map((i) => [i.type, i.fhirType])).toEqual([
      ['Date', 'date'],
      ['Date', 'dateTime'],
    ]);
  });

  it('choice and open-choice with drop-down are Dropdown', () => {
    expect(itemOf([choice('c', { extension: [control('drop-down')] })], 'c').type).toBe('Dropdown');
    const other = { url: `${PORTAL}/other-option`, valueBoolean: true };
    const openChoice = choice('c', {
      type: 'open-choice',
      answerOption: [coding('a', 'A'), { valueString: 'Else', extension: [other] }],
    });
    expect(itemOf([{ ...openChoice, extension: [control('drop-down')] }], 'c').type).toBe('Dropdown');
  });

  it('choice with radio-button, or without a control, is Radio', () => {
    expect(itemOf([choice('c', { extension: [control('radio-button')] })], 'c').type).toBe('Radio');
    expect(itemOf([choice('c')], 'c').type).toBe('Radio');
    const other = { url: `${PORTAL}/other-option`, valueBoolean: true };
    expect(
      itemOf([choice('c', { type: 'open-choice', answerOption: [{ valueString: 'Else', extension: [other] }] })], 'c')
        .type,
    ).toBe('Radio');
  });

  it('choice with check-box, or repeats: true, is Checkbox', () => {
    expect(itemOf([choice('c', { extension: [control('check-box')] })], 'c').type).toBe('Checkbox');
    expect(itemOf([choice('c', { repeats: true })], 'c').type).toBe('Checkbox');
    expect(itemOf([choice('c', { repeats: true, extension: [control('drop-down')] })], 'c').type).toBe('Checkbox');
  });

  it('a group with gtable or table of choice rows is a Matrix: a row per item, the group its guid', () => {
    for (const code of ['gtable', 'table']) {
      const definition = read([
        {
          linkId: 'grid',
          text: 'Over the last two weeks:',
          type: 'group',
          extension: [control(code)],
          item: [choice('r1', { required: true }), choice('r2')],
        },
      ]);
      expect(definition.items.map((i) => [i.questionnaireItemId, i.linkId, i.type, i.matrixGuid])).toEqual([
        [1, 'grid', 'SectionHeader', null],
        [2, 'r1', 'Matrix', 'grid'],
        [3, 'r2', 'Matrix', 'grid'],
      ]);
      expect(definition.items[1]?.isRequired).toBe(true);
      expect(definition.items[2]?.options.map((o) => o.text.text)).toEqual(['Yes', 'No']);
      expect((definition.items[2] as ImportedDefinitionItem).groupLinkIds).toEqual(['grid']);
    }
  });

  it('integer or decimal with slider is a Slider: minValue and maxValue its ends, lower and upper its labels', () => {
    const slider = itemOf(
      [
        {
          linkId: 'pain',
          text: 'Pain now',
          type: 'integer',
          extension: [
            control('slider'),
            { url: `${SD}/minValue`, valueInteger: 0 },
            { url: `${SD}/maxValue`, valueInteger: 10 },
          ],
          item: [
            {
              linkId: 'pain-lower',
              text: 'No pain',
              _text: translated(['es', 'Sin dolor']),
              type: 'display',
              extension: [control('lower')],
            },
            { linkId: 'pain-upper', text: 'Worst pain', type: 'display', extension: [control('upper')] },
          ],
        },
      ],
      'pain',
    );
    expect(slider).toMatchObject({
      type: 'Slider',
      fhirType: 'integer',
      lowerBound: 0,
      upperBound: 10,
      lowerBoundLabel: { text: 'No pain', translations: { es: 'Sin dolor' } },
      upperBoundLabel: { text: 'Worst pain', translations: {} },
    });
    const decimal = read([
      {
        linkId: 'v',
        text: 'Volume',
        type: 'decimal',
        extension: [
          control('slider'),
          { url: `${SD}/minValue`, valueDecimal: 0.5 },
          { url: `${SD}/maxValue`, valueDecimal: 2.5 },
        ],
      },
    ]).items;
    expect(decimal.map((i) => [i.type, i.lowerBound, i.upperBound, i.lowerBoundLabel])).toEqual([
      ['Slider', 0.5, 2.5, null],
    ]);
  });

  it('integer and decimal are Number, bounded by minValue and maxValue when given', () => {
    const items = read([
      {
        linkId: 'n1',
        text: 'Cigarettes a day',
        type: 'integer',
        extension: [
          { url: `${SD}/minValue`, valueInteger: 0 },
          { url: `${SD}/maxValue`, valueInteger: 100 },
        ],
      },
      { linkId: 'n2', text: 'Weight', type: 'decimal', extension: [{ url: `${SD}/minValue`, valueDecimal: 1.5 }] },
      { linkId: 'n3', text: 'Age', type: 'integer' },
    ]).items;
    expect(items.map((i) => [i.type, i.fhirType, i.lowerBound, i.upperBound])).toEqual([
      ['Number', 'integer', 0, 100],
      ['Number', 'decimal', 1.5, null],
      ['Number', 'integer', null, null],
    ]);
  });

  it('string is a one-line Text, text a multi-line one', () => {
    const items = read([
      { linkId: 's', text: 'Name', type: 'string' },
      { linkId: 't', text: 'Tell us more', type: 'text' },
    ]).items;
    expect(items.map((i) => [i.type, i.isMultiLine])).toEqual([
      ['Text', false],
      ['Text', true],
    ]);
  });

  it('display and any other group are SectionHeaders, the group’s items following it', () => {
    const definition = read([
      { linkId: 'intro', text: 'About you', type: 'display' },
      {
        linkId: 'g',
        text: 'Your week',
        type: 'group',
        item: [choice('q1'), { linkId: 'inner', type: 'group', item: [choice('q2')] }],
      },
    ]);
    expect(definition.items.map((i) => [i.questionnaireItemId, i.linkId, i.type, i.isRequired])).toEqual([
      [1, 'intro', 'SectionHeader', false],
      [2, 'g', 'SectionHeader', false],
      [3, 'q1', 'Radio', false],
      [4, 'q2', 'Radio', false],
    ]);
    // A group without text adds no header, but its items still know their groups (for the QuestionnaireResponse).
    expect((definition.items[3] as ImportedDefinitionItem).groupLinkIds).toEqual(['g', 'inner']);
  });

  it('required is isRequired and prefix the question number', () => {
    expect(itemOf([choice('c', { required: true, prefix: '1.' })], 'c')).toMatchObject({
      isRequired: true,
      prefix: '1.',
    });
    expect(itemOf([choice('c')], 'c')).toMatchObject({ isRequired: false, prefix: null });
  });

  it('a question’s display items (help texts) follow it as section headers', () => {
    const definition = read([
      choice('c', { item: [{ linkId: 'c-help', text: 'Think of last week', type: 'display' }] }),
    ]);
    expect(definition.items.map((i) => [i.linkId, i.type])).toEqual([
      ['c', 'Radio'],
      ['c-help', 'SectionHeader'],
    ]);
  });

  it('numbers items 1..n in document order and keeps url, version, title and description', () => {
    const definition = read([choice('a'), choice('b')], {
      url: 'http://example.org/Questionnaire/x',
      version: '2.1',
      description: 'A short check-in.',
    });
    expect(definition).toMatchObject({
      url: 'http://example.org/Questionnaire/x',
      version: '2.1',
      title: { text: 'Check-in', translations: {} },
      description: { text: 'A short check-in.', translations: {} },
      patientInstructions: null,
      completionMessage: null,
      scales: [],
    });
    expect(definition.items.map((i) => i.questionnaireItemId)).toEqual([1, 2]);
    const noTitle = readFhirQuestionnaire({
      resourceType: 'Questionnaire',
      status: 'draft',
      name: 'PHQ9',
      item: [choice('a')],
    });
    expect(noTitle.title.text).toBe('PHQ9');
  });
});

describe('readFhirQuestionnaire: options', () => {
  it('reads valueCoding (display is the text) and valueString options, numbered 1..n', () => {
    const item = itemOf(
      [
        choice('c', {
          answerOption: [
            coding('LA6568-5', 'Not at all'),
            { valueString: 'Sometimes' },
            { valueCoding: { code: 'x' } },
          ],
        }),
      ],
      'c',
    );
    expect(item.options).toEqual([
      {
        listAnswerId: 1,
        system: 'http://loinc.org',
        code: 'LA6568-5',
        text: { text: 'Not at all', translations: {} },
        ordinal: null,
        isOtherOption: false,
      },
      {
        listAnswerId: 2,
        system: null,
        code: null,
        text: { text: 'Sometimes', translations: {} },
        ordinal: null,
        isOtherOption: false,
      },
      {
        listAnswerId: 3,
        system: null,
        code: 'x',
        text: { text: 'x', translations: {} },
        ordinal: null,
        isOtherOption: false,
      },
    ]);
  });

  it('reads a contained answerValueSet: its compose concepts, or its expansion', () => {
    const composed = {
      resourceType: 'ValueSet',
      id: 'freq',
      compose: {
        include: [
          {
            system: 'http://example.org/cs',
            concept: [
              { code: 'never', display: 'Never', extension: [ordinal(0)] },
              {
                code: 'often',
                display: 'Often',
                extension: [ordinal(2)],
                designation: [{ language: 'fr-CA', value: 'Souvent' }],
              },
            ],
          },
        ],
      },
    };
    const expanded = {
      resourceType: 'ValueSet',
      id: 'exp',
      expansion: {
        contains: [{ system: 'http://example.org/cs', code: 'y', display: 'Yes', extension: [ordinal(1)] }],
      },
    };
    const definition = readFhirQuestionnaire(
      questionnaire(
        [
          { linkId: 'a', text: 'A', type: 'choice', answerValueSet: '#freq' },
          { linkId: 'b', text: 'B', type: 'choice', answerValueSet: '#exp' },
        ],
        { contained: [composed, expanded] },
      ),
    );
    expect(definition.items[0]?.options).toEqual([
      {
        listAnswerId: 1,
        system: 'http://example.org/cs',
        code: 'never',
        text: { text: 'Never', translations: {} },
        ordinal: 0,
        isOtherOption: false,
      },
      {
        listAnswerId: 2,
        system: 'http://example.org/cs',
        code: 'often',
        text: { text: 'Often', translations: { 'fr-CA': 'Souvent', fr: 'Souvent' } },
        ordinal: 2,
        isOtherOption: false,
      },
    ]);
    expect(definition.items[1]?.options.map((o) => [o.code, o.ordinal])).toEqual([['y', 1]]);
  });

  it('reads ordinalValue on the option, on its Coding, or on the concept, under its three names', () => {
    const item = itemOf(
      [
        choice('c', {
          answerOption: [
            { ...coding('a', 'A'), extension: [ordinal(0)] },
            coding('b', 'B', [ordinal(1, `${SD}/questionnaire-ordinalValue`)]),
            { ...coding('c', 'C'), extension: [{ url: `${SD}/iso21090-CO-value`, valueDecimal: 2.5 }] },
            { valueString: 'D', extension: [{ url: `${SD}/ordinalValue`, valueInteger: 3 }] },
            coding('e', 'E'),
          ],
        }),
      ],
      'c',
    );
    expect(item.options.map((o) => o.ordinal)).toEqual([0, 1, 2.5, 3, null]);
  });

  it('marks the other-option extension, and gives an open-choice item without one an Other option', () => {
    const other = { url: `${PORTAL}/other-option`, valueBoolean: true };
    const marked = itemOf(
      [choice('c', { answerOption: [coding('a', 'A'), { ...coding('o', 'Something else'), extension: [other] }] })],
      'c',
    );
    expect(marked.options.map((o) => [o.code, o.isOtherOption])).toEqual([
      ['a', false],
      ['o', true],
    ]);
    const onCoding = itemOf([choice('c', { answerOption: [coding('o', 'Other', [other])] })], 'c');
    expect(onCoding.options[0]?.isOtherOption).toBe(true);
    // An open-choice item that marks its own 'other' option gets no second one.
    expect(
      itemOf([choice('c', { type: 'open-choice', answerOption: [{ valueString: 'Else', extension: [other] }] })], 'c')
        .options,
    ).toHaveLength(1);

    const open = itemOf([choice('c', { type: 'open-choice' })], 'c');
    expect(open.options).toHaveLength(3);
    expect(open.options[2]).toEqual({
      listAnswerId: 3,
      system: null,
      code: null,
      text: {
        text: BUNDLED_PACKS.en['questionnaires.otherOption'],
        translations: {
          es: BUNDLED_PACKS.es['questionnaires.otherOption'],
          fr: BUNDLED_PACKS.fr['questionnaires.otherOption'],
          pt: BUNDLED_PACKS.pt['questionnaires.otherOption'],
          zh: BUNDLED_PACKS.zh['questionnaires.otherOption'],
        },
      },
      ordinal: null,
      isOtherOption: true,
    });
    // With no options of its own, an open-choice item is its 'Other' text box.
    expect(itemOf([{ linkId: 'o', text: 'Anything else?', type: 'open-choice' }], 'o').options).toHaveLength(1);
  });
});

describe('readFhirQuestionnaire: translations', () => {
  it('reads the translation extension on _title, _description, _text, _display and _valueString', () => {
    const definition = read(
      [
        {
          linkId: 'c',
          text: 'Feeling down?',
          _text: translated(['es-MX', 'Se siente decaído?'], ['fr', 'Déprimé ?']),
          type: 'choice',
          answerOption: [
            { valueCoding: { code: 'n', display: 'Never', _display: translated(['zh', '从不']) } },
            { valueString: 'Often', _valueString: translated(['pt-BR', 'Frequentemente']) },
          ],
        },
      ],
      {
        _title: translated(['es', 'Registro']),
        description: 'Before your visit',
        _description: translated(['fr-CA', 'Avant votre visite']),
      },
    );
    expect(definition.title).toEqual({ text: 'Check-in', translations: { es: 'Registro' } });
    expect(definition.description).toEqual({
      text: 'Before your visit',
      translations: { 'fr-CA': 'Avant votre visite', fr: 'Avant votre visite' },
    });
    const item = definition.items[0] as DefinitionItem;
    expect(item.text).toEqual({
      text: 'Feeling down?',
      translations: { 'es-MX': 'Se siente decaído?', es: 'Se siente decaído?', fr: 'Déprimé ?' },
    });
    expect(item.options[0]?.text.translations).toEqual({ zh: '从不' });
    expect(item.options[1]?.text.translations).toEqual({ 'pt-BR': 'Frequentemente', pt: 'Frequentemente' });
  });

  it('a translation given for the language itself wins over one read from a regional tag', () => {
    const item = itemOf(
      [{ linkId: 's', text: 'Name', _text: translated(['es-MX', 'Nombre (MX)'], ['es', 'Nombre']), type: 'string' }],
      's',
    );
    expect(item.text.translations).toEqual({ 'es-MX': 'Nombre (MX)', es: 'Nombre' });
  });
});

describe('readFhirQuestionnaire: calculated totals and the portal’s extensions', () => {
  const total = (extra: Json = {}): Json => ({
    linkId: 'total',
    text: 'Total score',
    code: [{ system: 'http://loinc.org', code: '44261-6' }],
    type: 'integer',
    readOnly: true,
    extension: [{ url: CALCULATED, valueExpression: { language: 'text/fhirpath', expression: '%a + %b' } }],
    ...extra,
  });
  const scored = (linkId: string) =>
    choice(linkId, {
      answerOption: [
        { ...coding('n', 'No'), extension: [ordinal(0)] },
        { ...coding('y', 'Yes'), extension: [ordinal(1)] },
      ],
    });

  it('a calculated item is not asked, and becomes a total over every scored option when no score is declared', () => {
    const definition = read([scored('a'), scored('b'), total()]);
    expect(definition.items.map((i) => i.linkId)).toEqual(['a', 'b']);
    expect(definition.scales).toEqual([
      {
        code: '44261-6',
        name: { text: 'Total score', translations: {} },
        linkIds: null,
        ranges: [],
        calculation: {
          linkId: 'total',
          fhirType: 'integer',
          text: 'Total score',
          groupLinkIds: [],
          position: 2,
          expression: '%a + %b',
          variables: [],
        },
      },
    ]);
    // Published forms do not always mark it read-only; without a code, the linkId names it.
    const unmarked = read([scored('a'), total({ readOnly: undefined, code: undefined })]);
    expect(unmarked.items.map((i) => i.linkId)).toEqual(['a']);
    expect(unmarked.scales.map((s) => s.code)).toEqual(['total']);
  });

  it('keeps a FHIRPath calculatedExpression with the variables in its scope (the Questionnaire’s, its groups’, its own)', () => {
    const variable = (name: string, expression: string, language = 'text/fhirpath') => ({
      url: `${SD}/variable`,
      valueExpression: { name, language, expression },
    });
    const definition = read(
      [
        {
          linkId: 'g',
          type: 'group',
          text: 'Group',
          extension: [variable('inGroup', '2')],
          item: [scored('a'), total({ extension: [variable('own', '3'), ...(total().extension as Json[])] })],
        },
        scored('b'),
      ],
      { extension: [variable('root', '1')] },
    );
    expect(definition.scales[0]?.calculation).toEqual({
      linkId: 'total',
      fhirType: 'integer',
      text: 'Total score',
      groupLinkIds: ['g'],
      position: 2,
      expression: '%a + %b',
      variables: [
        { name: 'root', expression: '1' },
        { name: 'inGroup', expression: '2' },
        { name: 'own', expression: '3' },
      ],
    });
    // Another language than FHIRPath (CQL) is kept unevaluated: the total is then the sum of the ordinals.
    const cql = read([
      scored('a'),
      total({ extension: [{ url: CALCULATED, valueExpression: { language: 'text/cql', expression: 'A' } }] }),
    ]);
    expect(cql.scales[0]?.calculation?.expression).toBeNull();
    const cqlVariable = read([scored('a'), total()], { extension: [variable('x', 'A', 'text/cql')] });
    expect(cqlVariable.scales[0]?.calculation?.expression).toBeNull();
  });

  it('refuses a FHIRPath expression that does not parse, or a variable without a name, naming its JSON path', () => {
    const broken = total({
      extension: [{ url: CALCULATED, valueExpression: { language: 'text/fhirpath', expression: '1 +' } }],
    });
    expect(refusal(questionnaire([scored('a'), broken]), 'item[1].extension[0].valueExpression.expression')).toContain(
      'FHIRPath',
    );
    const unnamed = questionnaire([scored('a'), total()], {
      extension: [{ url: `${SD}/variable`, valueExpression: { language: 'text/fhirpath', expression: '1' } }],
    });
    expect(refusal(unnamed, 'extension[0].valueExpression.name')).toContain('name');
  });

  it('gives a LOINC answer code without a system LOINC’s only on a question LOINC codes', () => {
    // As LHC-Forms publishes them: a code and a display, no system.
    const options = [
      { valueCoding: { code: 'LA6568-5', display: 'Not at all' } },
      { valueCoding: { system: 'urn:x', code: 'LA6569-3' } },
    ];
    const loincQuestion = itemOf(
      [choice('q', { code: [{ system: 'http://loinc.org', code: '44250-9' }], answerOption: options })],
      'q',
    );
    expect(loincQuestion.options.map((o) => o.system)).toEqual(['http://loinc.org', 'urn:x']);
    const ownQuestion = itemOf(
      [choice('q', { code: [{ system: 'urn:own', code: 'q1' }], answerOption: options })],
      'q',
    );
    expect(ownQuestion.options.map((o) => o.system)).toEqual([null, 'urn:x']);
    const notAnswerCode = itemOf(
      [
        choice('q', {
          code: [{ system: 'http://loinc.org', code: '44250-9' }],
          answerOption: [{ valueCoding: { code: '0', display: 'No' } }],
        }),
      ],
      'q',
    );
    expect(notAnswerCode.options[0]?.system).toBeNull();
  });

  it('a hidden item is not shown', () => {
    const definition = read([
      scored('a'),
      choice('h', { extension: [{ url: `${SD}/questionnaire-hidden`, valueBoolean: true }] }),
    ]);
    expect(definition.items.map((i) => i.linkId)).toEqual(['a']);
  });

  it('reads patient-instructions, completion-message and scores with their ranges, all translatable', () => {
    const definition = read([scored('a'), scored('b'), scored('c'), total()], {
      extension: [
        {
          url: `${PORTAL}/patient-instructions`,
          valueMarkdown: 'Answer **all** questions.',
          _valueMarkdown: translated(['es', 'Responda todo.']),
        },
        { url: `${PORTAL}/completion-message`, valueString: 'Thank you.', _valueString: translated(['fr', 'Merci.']) },
        {
          url: `${PORTAL}/score`,
          extension: [
            { url: 'code', valueCode: 'first' },
            { url: 'name', valueString: 'First two', _valueString: translated(['zh', '前两项']) },
            { url: 'item', valueString: 'a' },
            { url: 'item', valueString: 'b' },
            {
              url: 'range',
              extension: [
                { url: 'min', valueDecimal: 0 },
                { url: 'max', valueInteger: 1 },
                { url: 'message', valueString: 'Low', _valueString: translated(['pt', 'Baixo']) },
              ],
            },
            {
              url: 'range',
              extension: [
                { url: 'min', valueDecimal: 2 },
                { url: 'max', valueDecimal: 2 },
                { url: 'message', valueString: 'High' },
              ],
            },
          ],
        },
        {
          url: `${PORTAL}/score`,
          extension: [
            { url: 'code', valueCode: 'all' },
            { url: 'name', valueString: 'All' },
          ],
        },
      ],
    });
    expect(definition.patientInstructions).toEqual({
      text: 'Answer **all** questions.',
      translations: { es: 'Responda todo.' },
    });
    expect(definition.completionMessage).toEqual({ text: 'Thank you.', translations: { fr: 'Merci.' } });
    expect(definition.scales).toEqual([
      {
        code: 'first',
        name: { text: 'First two', translations: { zh: '前两项' } },
        linkIds: ['a', 'b'],
        ranges: [
          { min: 0, max: 1, message: { text: 'Low', translations: { pt: 'Baixo' } } },
          { min: 2, max: 2, message: { text: 'High', translations: {} } },
        ],
      },
      { code: 'all', name: { text: 'All', translations: {} }, linkIds: null, ranges: [] },
    ]);
    const plain = read([scored('a')], {
      extension: [{ url: `${PORTAL}/patient-instructions`, valueString: 'Take your time.' }],
    });
    expect(plain.patientInstructions?.text).toBe('Take your time.');
  });

  it('a score may name a table by its group’s linkId', () => {
    const definition = read(
      [{ linkId: 'grid', type: 'group', extension: [control('gtable')], item: [scored('r1'), scored('r2')] }],
      {
        extension: [
          {
            url: `${PORTAL}/score`,
            extension: [
              { url: 'code', valueCode: 'grid' },
              { url: 'name', valueString: 'Grid' },
              { url: 'item', valueString: 'grid' },
            ],
          },
        ],
      },
    );
    expect(definition.scales[0]?.linkIds).toEqual(['grid']);
  });
});

/* -------------------------------------------------------------- refusals */

describe('readFhirQuestionnaire refuses what the portal cannot show, naming its path', () => {
  it('names paths as item[2].item[0].type', () => {
    expect(fhirPath(['item', 2, 'item', 0, 'type'])).toBe('item[2].item[0].type');
    expect(fhirPath(['contained', 0, 'compose', 'include', 1])).toBe('contained[0].compose.include[1]');
  });

  it('refuses what is not a Questionnaire', () => {
    expect(refusal([1, 2], 'resource')).toContain('JSON object');
    expect(refusal({ resourceType: 'Patient', status: 'active', item: [choice('a')] }, 'resourceType')).toContain(
      '"Questionnaire"',
    );
    expect(refusal({ resourceType: 'Questionnaire', item: [choice('a')] }, 'status')).toContain('is required');
    expect(refusal({ ...questionnaire([]), item: [] }, 'item')).toContain('at least one item');
    expect(refusal(questionnaire([{ linkId: 'a', type: 'string', text: 5 }]), 'item[0].text')).toContain(
      'must be a string',
    );
    expect(refusal(questionnaire([{ type: 'string' }]), 'item[0].linkId')).toContain('is required');
    expect(refusal(questionnaire([choice('a')], { title: undefined }), 'title')).toContain('title');
  });

  it('refuses the item types it cannot show', () => {
    for (const type of ['attachment', 'reference', 'quantity', 'url', 'boolean', 'time']) {
      const message = refusal(
        questionnaire([{ linkId: 'g', type: 'group', item: [choice('a'), { linkId: 'x', text: 'X', type }] }]),
        'item[0].item[1].type',
      );
      expect(message).toContain(`'${type}'`);
    }
  });

  it('refuses enableWhen and enableWhenExpression', () => {
    expect(
      refusal(
        questionnaire([
          choice('a'),
          choice('b', { enableWhen: [{ question: 'a', operator: '=', answerCoding: { code: 'a' } }] }),
        ]),
        'item[1].enableWhen',
      ),
    ).toContain('enableWhen');
    expect(
      refusal(
        questionnaire([
          choice('a', {
            extension: [
              {
                url: 'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-enableWhenExpression',
                valueExpression: {},
              },
            ],
          }),
        ]),
        'item[0].extension[0]',
      ),
    ).toContain('enableWhenExpression');
  });

  it('refuses an answerValueSet that is not contained, or not listed', () => {
    const external = { linkId: 'a', text: 'A', type: 'choice', answerValueSet: 'http://loinc.org/vs/LL358-3' };
    expect(refusal(questionnaire([external]), 'item[0].answerValueSet')).toContain('contained');
    expect(refusal(questionnaire([{ ...external, answerValueSet: '#nope' }]), 'item[0].answerValueSet')).toContain(
      "'nope'",
    );
    const filtered = {
      resourceType: 'ValueSet',
      id: 'vs',
      compose: { include: [{ system: 'http://loinc.org', filter: [{}] }] },
    };
    expect(
      refusal(
        questionnaire([{ ...external, answerValueSet: '#vs' }], { contained: [filtered] }),
        'contained[0].compose.include[0]',
      ),
    ).toContain('concepts');
    expect(
      refusal(
        questionnaire([{ ...external, answerOption: [coding('a', 'A')], answerValueSet: '#vs' }], {
          contained: [filtered],
        }),
        'item[0].answerValueSet',
      ),
    ).toContain('not both');
  });

  it('refuses a table whose rows are not all choice items with the same options', () => {
    const table = (rows: Json[]) =>
      questionnaire([{ linkId: 't', text: 'T', type: 'group', extension: [control('gtable')], item: rows }]);
    expect(
      refusal(table([choice('r1'), { linkId: 'r2', text: 'R2', type: 'string' }]), 'item[0].item[1].type'),
    ).toContain('must be choice items');
    expect(refusal(table([choice('r1'), choice('r2', { type: 'open-choice' })]), 'item[0].item[1].type')).toContain(
      'choice',
    );
    expect(
      refusal(
        table([choice('r1'), choice('r2', { answerOption: [coding('a', 'A')] })]),
        'item[0].item[1].answerOption',
      ),
    ).toContain('same options');
    expect(refusal(table([choice('r1', { repeats: true })]), 'item[0].item[0].repeats')).toContain('one answer');
    expect(refusal(table([]), 'item[0].item')).toContain('rows');
  });

  it('refuses a slider without both bounds, and bounds the wrong way round', () => {
    const number = (extension: Json[]) => questionnaire([{ linkId: 'n', text: 'N', type: 'integer', extension }]);
    expect(
      refusal(number([control('slider'), { url: `${SD}/minValue`, valueInteger: 0 }]), 'item[0].extension'),
    ).toContain('maxValue');
    expect(
      refusal(
        number([
          { url: `${SD}/minValue`, valueInteger: 5 },
          { url: `${SD}/maxValue`, valueInteger: 1 },
        ]),
        'item[0].extension',
      ),
    ).toContain('above maxValue');
    expect(
      refusal(number([{ url: `${SD}/minValue`, valueString: 'low' }]), 'item[0].extension[0].valueDecimal'),
    ).toContain('number');
  });

  it('refuses options it cannot show and choice items without options', () => {
    expect(
      refusal(
        questionnaire([choice('c', { answerOption: [{ valueInteger: 1 }] })]),
        'item[0].answerOption[0].valueInteger',
      ),
    ).toContain('valueCoding or a valueString');
    expect(refusal(questionnaire([choice('c', { answerOption: [{}] })]), 'item[0].answerOption[0]')).toContain(
      'valueCoding',
    );
    expect(refusal(questionnaire([choice('c', { answerOption: undefined })]), 'item[0]')).toContain('answerOption');
    expect(
      refusal(
        questionnaire([
          choice('c', {
            answerOption: [{ ...coding('a', 'A'), extension: [{ url: `${SD}/ordinalValue`, valueString: 'one' }] }],
          }),
        ]),
        'item[0].answerOption[0].extension[0].valueDecimal',
      ),
    ).toContain('ordinalValue');
  });

  it('refuses duplicate linkIds, read-only questions and questions nested under questions', () => {
    expect(
      refusal(
        questionnaire([choice('a'), { linkId: 'g', type: 'group', item: [choice('a')] }]),
        'item[1].item[0].linkId',
      ),
    ).toContain("'a'");
    expect(refusal(questionnaire([choice('a', { readOnly: true })]), 'item[0].readOnly')).toContain(
      'calculatedExpression',
    );
    expect(refusal(questionnaire([choice('a', { item: [choice('b')] })]), 'item[0].item[0].type')).toContain('group');
  });

  it('refuses a questionnaire with nothing to answer', () => {
    expect(refusal(questionnaire([{ linkId: 'd', text: 'Hello', type: 'display' }]), 'item')).toContain('no question');
  });

  it('refuses malformed translations and scores', () => {
    const badTranslation = {
      extension: [{ url: `${SD}/translation`, extension: [{ url: 'content', valueString: 'x' }] }],
    };
    expect(
      refusal(questionnaire([choice('a', { _text: badTranslation })]), 'item[0]._text.extension[0].extension'),
    ).toContain('lang');
    const score = (...parts: Json[]) =>
      questionnaire([choice('a', { answerOption: [{ ...coding('y', 'Y'), extension: [ordinal(1)] }] }), choice('b')], {
        extension: [{ url: `${PORTAL}/score`, extension: parts }],
      });
    expect(refusal(score({ url: 'name', valueString: 'N' }), 'extension[0].extension')).toContain('code');
    expect(
      refusal(
        score({ url: 'code', valueCode: 'c' }, { url: 'name', valueString: 'N' }, { url: 'item', valueString: 'zzz' }),
        'extension[0].extension[2].valueString',
      ),
    ).toContain('zzz');
    expect(
      refusal(
        score({ url: 'code', valueCode: 'c' }, { url: 'name', valueString: 'N' }, { url: 'item', valueString: 'b' }),
        'extension[0].extension[2].valueString',
      ),
    ).toContain('ordinalValue');
    expect(
      refusal(
        score(
          { url: 'code', valueCode: 'c' },
          { url: 'name', valueString: 'N' },
          {
            url: 'range',
            extension: [
              { url: 'min', valueDecimal: 5 },
              { url: 'max', valueDecimal: 1 },
              { url: 'message', valueString: 'm' },
            ],
          },
        ),
        'extension[0].extension[2].extension[1]',
      ),
    ).toContain('below min');
    const twice = questionnaire([choice('a')], {
      extension: [1, 2].map(() => ({
        url: `${PORTAL}/score`,
        extension: [
          { url: 'code', valueCode: 'c' },
          { url: 'name', valueString: 'N' },
        ],
      })),
    });
    expect(refusal(twice, 'extension[1].extension[0].valueCode')).toContain('twice');
  });

  it('holds the limits: 500 items, 5 levels, 10,000 characters a string', () => {
    const many = Array.from({ length: 501 }, (_, i) => ({ linkId: `s${i}`, text: 'S', type: 'string' }));
    expect(refusal(questionnaire(many), 'item')).toContain('500');
    let nested: Json = choice('deep');
    for (let level = 0; level < 5; level++) nested = { linkId: `g${level}`, type: 'group', item: [nested] };
    expect(refusal(questionnaire([nested]), 'item[0].item[0].item[0].item[0].item[0].item')).toContain('5 levels');
    expect(refusal(questionnaire([choice('a', { text: 'x'.repeat(10_001) })]), 'item[0].text')).toContain('10000');
  });
});

/* --------------------------------------------------- a published PHQ-9 */

describe('the PHQ-9 as LHC-Forms publishes it (test/fixtures/fhir/phq-9-loinc.json)', () => {
  const resource: unknown = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/fhir/phq-9-loinc.json'), 'utf8'),
  );
  const definition = readFhirQuestionnaire(resource);
  const questions = definition.items.slice(0, 9);

  it('reads 9 scored questions with options scored 0 to 3, and the difficulty question unscored', () => {
    expect(definition.title.text).toBe('PHQ-9 quick depression assessment panel');
    expect(definition.items).toHaveLength(10);
    expect(questions.map((i) => i.linkId)).toEqual([
      '/44250-9',
      '/44255-8',
      '/44259-0',
      '/44254-1',
      '/44251-7',
      '/44258-2',
      '/44252-5',
      '/44253-3',
      '/44260-8',
    ]);
    for (const item of questions) {
      expect(item.type).toBe('Dropdown');
      expect(item.options.map((o) => [o.code, o.text.text, o.ordinal])).toEqual([
        ['LA6568-5', 'Not at all', 0],
        ['LA6569-3', 'Several days', 1],
        ['LA6570-1', 'More than half the days', 2],
        ['LA6571-9', 'Nearly every day', 3],
      ]);
    }
    expect(questions.map((i) => i.isRequired)).toEqual([true, true, true, true, true, true, true, true, false]);
    const difficulty = definition.items[9];
    expect(difficulty).toMatchObject({ linkId: '/69722-7', type: 'Dropdown', isRequired: false });
    expect(difficulty?.options.map((o) => o.ordinal)).toEqual([null, null, null, null]);
  });

  it('takes its calculated total (44261-6) as the score, which scoreAnswers computes', () => {
    expect(definition.scales).toEqual([
      {
        code: '44261-6',
        name: { text: 'Patient health questionnaire 9 item total score', translations: {} },
        linkIds: null,
        ranges: [],
        calculation: expect.objectContaining({ linkId: '/44261-6', fhirType: 'decimal', position: 9 }),
      },
    ]);
    const answersChoosing = (listAnswerIds: number[]): QuestionnaireAnswer[] =>
      [...questions, definition.items[9] as DefinitionItem].map((item, i) => ({
        questionnaireItemId: item.questionnaireItemId,
        listAnswerId: listAnswerIds[i] ?? 1,
        otherOptionText: null,
        isChecked: null,
        numberAnswer: null,
        textAnswer: null,
        dateAnswer: null,
      }));
    // Option n scores n - 1; the difficulty question never counts.
    expect(scoreAnswers(definition, answersChoosing(Array(10).fill(2)))).toEqual([{ code: '44261-6', score: 9 }]);
    expect(scoreAnswers(definition, answersChoosing(Array(10).fill(4)))).toEqual([{ code: '44261-6', score: 27 }]);
    expect(scoreAnswers(definition, answersChoosing(Array(10).fill(1)))).toEqual([{ code: '44261-6', score: 0 }]);
    expect(scoreAnswers(definition, answersChoosing([4, 3, 2, 1, 4, 3, 2, 1, 2, 4]))).toEqual([
      { code: '44261-6', score: 13 },
    ]);
  });

  const answersChoosing = (listAnswerIds: (number | null)[]): QuestionnaireAnswer[] =>
    questions.map((item, i) => ({
      questionnaireItemId: item.questionnaireItemId,
      listAnswerId: listAnswerIds[i] ?? null,
      otherOptionText: null,
      isChecked: null,
      numberAnswer: null,
      textAnswer: null,
      dateAnswer: null,
    }));

  it('keeps its calculatedExpression and eleven variables, and evaluates it with FHIRPath: 11 as the sum gives', () => {
    const calculation = definition.scales[0]?.calculation;
    expect(calculation?.expression).toMatch(/^iif\(%any_questions_answered/);
    expect(calculation?.variables.map((v) => v.name)).toEqual([
      'scoreExt',
      ...Array.from({ length: 9 }, (_, i) => `q${i + 1}_value`),
      'any_questions_answered',
    ]);
    // Several days, several days, more than half the days, several days, nearly every day, several days, not at
    // all, several days, several days: 1 + 1 + 2 + 1 + 3 + 1 + 0 + 1 + 1 = 11.
    const answers = answersChoosing([2, 2, 3, 2, 4, 2, 1, 2, 2]);
    expect(scoreAnswers(definition, answers)).toEqual([{ code: '44261-6', score: 11 }]);
    expect(scoreAnswers(definition, answers, resource)).toEqual([{ code: '44261-6', score: 11 }]);
    expect(scoreAnswers(definition, answersChoosing([4, 4, 4, 4, 4, 4, 4, 4, 4]), resource)).toEqual([
      { code: '44261-6', score: 27 },
    ]);
    // Its expression gives nothing when nothing is answered: no score then (the sum would say 0).
    expect(scoreAnswers(definition, answersChoosing([]), resource)).toEqual([]);
  });

  it('is the expression that counts, not the sum: an instrument whose total is not a sum gets its own value', () => {
    const doubled = structuredClone(resource) as {
      item: { extension?: { url: string; valueExpression?: { expression: string } }[] }[];
    };
    const calculated = doubled.item[9]?.extension?.find((e) => e.url === CALCULATED);
    if (!calculated?.valueExpression) throw new Error('the fixture has no calculatedExpression');
    calculated.valueExpression.expression = `(${calculated.valueExpression.expression}) * 2`;
    const twice = readFhirQuestionnaire(doubled);
    expect(scoreAnswers(twice, answersChoosing([2, 2, 3, 2, 4, 2, 1, 2, 2]), doubled)).toEqual([
      { code: '44261-6', score: 22 },
    ]);
  });

  it('gives its LOINC answer codes their system, which the fixture leaves out', () => {
    expect(questions[0]?.options.map((o) => [o.system, o.code])).toEqual([
      ['http://loinc.org', 'LA6568-5'],
      ['http://loinc.org', 'LA6569-3'],
      ['http://loinc.org', 'LA6570-1'],
      ['http://loinc.org', 'LA6571-9'],
    ]);
  });
});
