import type { z } from 'zod';
import { FHIR_QUESTIONNAIRE_LIMITS } from '@portal/contracts';
import { AppError } from '../../platform/errors/app-error';
import type { Path } from './fhir-shapes';

// Anything the portal cannot show as the author meant it is refused with a 400 naming its JSON path, never dropped.

export const INVALID_QUESTIONNAIRE = 'invalid_questionnaire';

/** `['item', 2, 'item', 0, 'type']` -> `item[2].item[0].type`. */
export function fhirPath(path: Path): string {
  return path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    '',
  );
}

export function refuse(path: Path, message: string): never {
  const field = fhirPath(path) || 'resource';
  throw new AppError(400, INVALID_QUESTIONNAIRE, `${field}: ${message}`, field);
}

export function refusalOf(issue: z.core.$ZodIssue): never {
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
export function checkLimits(resource: unknown): void {
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
