import fhirpath from 'fhirpath';
import { z } from 'zod';
import type { DefinitionVariable } from './definition';
import { EXTENSION, extensionsOf, valueOf } from './fhir-extensions';
import { refuse } from './fhir-refusals';
import type { FhirExtension, Path } from './fhir-shapes';

// SDC's calculated items as the import reads them (docs/adr/0009-questionnaires.md): the calculatedExpression and
// the `variable` extensions in its scope, kept as text and evaluated at submit (calculated-total.ts) by the FHIRPath
// engine of HL7 and NLM (the fhirpath package), never by eval. An expression the engine cannot parse is refused here,
// with its JSON path, so a template that imports is one whose total can be computed.

export const FHIRPATH = 'text/fhirpath';

const ExpressionSchema = z.looseObject({
  name: z.string().optional(),
  language: z.string().min(1),
  expression: z.string().optional(),
});

/** A FHIRPath expression that parses, or a 400 at `path`. */
function parsed(expression: string, path: Path): string {
  try {
    fhirpath.parse(expression);
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0]?.slice(0, 200) : '';
    refuse(path, `is not a FHIRPath expression the portal can evaluate (${detail ?? 'it does not parse'})`);
  }
  return expression;
}

/**
 * The `variable` extensions of an element (the Questionnaire, a group, an item), in order; null when one is
 * written in another language than FHIRPath (then nothing that uses them can be evaluated).
 */
export function variablesOf(list: FhirExtension[] | undefined, path: Path): DefinitionVariable[] | null {
  const out: DefinitionVariable[] = [];
  let evaluable = true;
  for (const { ext, index } of extensionsOf(list, EXTENSION.variable)) {
    const at: Path = [...path, 'extension', index];
    const value = valueOf(ext, at, 'valueExpression', ExpressionSchema, 'a variable needs a valueExpression');
    if (!value.name || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(value.name)) {
      refuse([...at, 'valueExpression', 'name'], 'a variable needs a name (letters, digits and _)');
    }
    if (value.language !== FHIRPATH) {
      evaluable = false;
      continue;
    }
    if (!value.expression) refuse([...at, 'valueExpression', 'expression'], 'a variable needs its expression');
    out.push({ name: value.name, expression: parsed(value.expression, [...at, 'valueExpression', 'expression']) });
  }
  return evaluable ? out : null;
}

/**
 * An item's calculatedExpression when it is FHIRPath (checked to parse), with the variables it may use; null when
 * it (or one of those variables) is written in another language.
 */
export function calculationOf(
  item: { extension?: FhirExtension[] },
  path: Path,
  inScope: DefinitionVariable[] | null,
): { expression: string; variables: DefinitionVariable[] } | null {
  const found = extensionsOf(item.extension, EXTENSION.calculatedExpression)[0];
  if (!found) return null;
  const at: Path = [...path, 'extension', found.index];
  const value = valueOf(found.ext, at, 'valueExpression', ExpressionSchema, 'needs a valueExpression');
  const own = variablesOf(item.extension, path);
  if (value.language !== FHIRPATH || inScope === null || own === null) return null;
  if (!value.expression) refuse([...at, 'valueExpression', 'expression'], 'needs its expression');
  return {
    expression: parsed(value.expression, [...at, 'valueExpression', 'expression']),
    variables: [...inScope, ...own],
  };
}
