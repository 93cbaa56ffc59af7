import { z } from 'zod';

// The FHIR R4 Questionnaire as the import reads it (fhir-questionnaire.ts): only what the portal reads is checked;
// the schemas are loose, so other elements are kept in the stored resource and ignored.

/** Where a part is in the resource, as JSON keys and indexes: `['item', 2, 'type']`. */
export type Path = (string | number)[];

export interface FhirExtension {
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
export type FhirElement = z.infer<typeof ElementSchema>;
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
export type FhirAnswerOption = z.infer<typeof AnswerOptionSchema>;

export interface FhirItem {
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
  answerOption?: FhirAnswerOption[];
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

export const QuestionnaireSchema = z.looseObject({
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
export type FhirQuestionnaire = z.infer<typeof QuestionnaireSchema>;

const ConceptFields = {
  code: z.string().optional(),
  display: z.string().optional(),
  _display: ElementSchema.optional(),
  extension: extensions,
  designation: z.array(z.looseObject({ language: z.string().optional(), value: z.string() })).optional(),
};
export const ValueSetSchema = z.looseObject({
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
export type FhirConcept = { system?: string } & z.infer<z.ZodObject<typeof ConceptFields>>;
