import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PACKS } from '../../platform/content/language-packs';
import { AUDIT_EVENT_TYPES, UNLISTED_EVENT_TYPES, areaKey, eventNameKey } from './event-names';

/** The .ts files under a folder, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const ROOTS = ['../../', '../../../../../packages/contracts/src/'].map((p) => new URL(p, import.meta.url).pathname);

describe('the activity log’s event names', () => {
  it('name every event type the code writes', () => {
    const written = new Set<string>();
    for (const file of ROOTS.flatMap(sources)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/'([a-z]+auditevent)'/g)) written.add(match[1]!);
    }
    expect(written.size).toBeGreaterThan(40);
    const unnamed = [...written].filter(
      (type) => !AUDIT_EVENT_TYPES.includes(type) && !UNLISTED_EVENT_TYPES.includes(type),
    );
    expect(unnamed).toEqual([]);
  });

  it('have a readable name in every language, and a fallback for a type added later', () => {
    for (const [language, pack] of Object.entries(BUNDLED_PACKS)) {
      const missing = [...AUDIT_EVENT_TYPES, 'unknownauditevent'].filter((type) => !pack[eventNameKey(type)]);
      expect(missing, language).toEqual([]);
    }
    expect(eventNameKey('somethingnewauditevent')).toBe('personalData.otherEvent');
  });

  it('find the part of the record a generic read or a facility system’s call touched', () => {
    expect(areaKey('GET /api/patients/:patientId/labresults/published')).toBe('personalData.area.results');
    expect(areaKey('PUT /integration/v1/patients/:mrn/lab-results/:externalId')).toBe('personalData.area.results');
    expect(areaKey('GET /api/patients/:patientId/appointments')).toBe('personalData.area.appointments');
    expect(areaKey('GET /integration/v1/patients/:mrn')).toBe('personalData.area.demographics');
    expect(areaKey('GET /api/patients/:patientId/SecureMessages/threads/:threadId')).toBe('personalData.area.messages');
    expect(areaKey(null)).toBeNull();
    for (const pack of Object.values(BUNDLED_PACKS)) {
      expect(pack[areaKey('GET /api/patients/:patientId/HealthSummary/OfficeVisits')!]).toBeTruthy();
    }
  });
});
