import { createHash } from 'node:crypto';

// The fingerprint of a record the facility sent: a digest of its canonical JSON. It is taken over the whole
// parsed record, not a hand-picked list of its fields, so a field added to a record type is in it from the start
// and a change to any field is a change (keyed-records.test.ts proves it for every record type).

/**
 * JSON with every object's keys sorted and undefined members left out, so the same record built in another order
 * is the same text. A Date is its instant (the same instant in another offset is the same); bytes are their
 * SHA-256, so a page of a megabyte costs its digest, not a megabyte of JSON.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value instanceof Uint8Array) return JSON.stringify(`sha256:${createHash('sha256').update(value).digest('hex')}`);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The digest stored beside a record: what a resend is compared with. */
export function fingerprintOf(record: unknown): string {
  return createHash('sha256').update(canonicalJson(record)).digest('base64url');
}
