import fhirpath from 'fhirpath';
import r4 from 'fhirpath/fhir-context/r4';
import type { QuestionnaireAnswer } from '@portal/contracts';
import { responseItemsOf } from '../../platform/integration/questionnaire-responses';
import type { DefinitionCalculation, QuestionnaireDefinition } from './definition';

// A calculated item's value at submit (docs/adr/0009-questionnaires.md): its SDC calculatedExpression evaluated by
// the FHIRPath engine of HL7 and NLM (the fhirpath package, with the R4 model) over the QuestionnaireResponse of the
// answers (%resource) and the Questionnaire as imported (%questionnaire), its variables evaluated first, in order,
// each seeing those before it. The engine interprets FHIRPath: nothing is ever run as code, and its asynchronous
// functions (terminology, resolve) are off.

/** The QuestionnaireResponse the expressions read: the answers given, nested as the Questionnaire's items. */
export function responseForCalculation(
  definition: QuestionnaireDefinition,
  answers: readonly QuestionnaireAnswer[],
): Record<string, unknown> {
  return {
    resourceType: 'QuestionnaireResponse',
    status: 'in-progress',
    item: responseItemsOf(definition, answers, []),
  };
}

/**
 * The value of `calculation` for `response`: a number; null when the expression gives none (nothing it reads was
 * answered); undefined when it cannot be computed (an error, or a value that is not one number), and the caller
 * falls back to the sum of the ordinals.
 */
export function calculatedValue(
  calculation: DefinitionCalculation,
  response: Record<string, unknown>,
  questionnaire: unknown,
): number | null | undefined {
  if (calculation.expression === null) return undefined;
  try {
    const env: Record<string, unknown> = { resource: response, rootResource: response, questionnaire };
    for (const variable of calculation.variables) {
      env[variable.name] = fhirpath.evaluate(response, variable.expression, { ...env }, r4);
    }
    const result: unknown = fhirpath.evaluate(response, calculation.expression, { ...env }, r4);
    if (!Array.isArray(result)) return undefined;
    if (result.length === 0) return null;
    const [value] = result as unknown[];
    return result.length === 1 && typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
