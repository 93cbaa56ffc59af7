import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The real C-CDA examples (HL7/C-CDA-Examples) live beside the repository in the shared fixtures folder, never
// copied into it. SHARED_FIXTURES_DIR points elsewhere (a CI checkout that keeps them in another place).

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..');

/** The shared fixtures folder: $SHARED_FIXTURES_DIR, else ../shared/fixtures from the repository root. */
export const SHARED_FIXTURES_DIR = process.env.SHARED_FIXTURES_DIR
  ? path.resolve(process.env.SHARED_FIXTURES_DIR)
  : path.resolve(REPOSITORY_ROOT, '../shared/fixtures');

export const CCDA_FIXTURES_DIR = path.join(SHARED_FIXTURES_DIR, 'ccda');

/** The file names of every C-CDA example (ccd.xml, discharge-summary.xml...), sorted. */
export function listCcdaFixtures(): string[] {
  if (!existsSync(CCDA_FIXTURES_DIR)) {
    throw new Error(
      `The C-CDA fixtures are not at ${CCDA_FIXTURES_DIR}; set SHARED_FIXTURES_DIR to their parent folder.`,
    );
  }
  return readdirSync(CCDA_FIXTURES_DIR)
    .filter((name) => name.endsWith('.xml'))
    .sort();
}

/** One example's XML, as text. */
export function readCcdaFixture(name: string): string {
  return readFileSync(path.join(CCDA_FIXTURES_DIR, name), 'utf8');
}
