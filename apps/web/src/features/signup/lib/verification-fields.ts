import type { VERIFICATION_FIELDS } from '@portal/contracts';

export type VerificationField = (typeof VERIFICATION_FIELDS)[number];

/** The facility's comma-separated list of verification fields, as a set of pin, mrn and ssn. */
export function parseVerificationFields(list: string | undefined): Set<VerificationField> {
  const fields = new Set<VerificationField>();
  for (const part of (list ?? '').split(',')) {
    const name = part.trim().toLowerCase();
    if (name === 'pin' || name === 'mrn' || name === 'ssn') fields.add(name);
  }
  return fields;
}
