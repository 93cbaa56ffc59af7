import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { importCycles, importGraph, sourceFiles } from './import-graph';

const ROOT = path.resolve(import.meta.dirname, '..');
const at = (file: string) => path.join(ROOT, file);

/** What lint says to a call of the API outside features/<feature>/api and shared/api (eslint.config.js). */
const API_CALLS_IN_ONE_PLACE = /features\/<feature>\/api or shared\/api/;

/** One import of each kind the house rules ban, in a real file of the layer it would break. */
const BANNED: { name: string; file: string; code: string; rule: string; message?: RegExp }[] = [
  {
    name: 'a feature page imports another feature',
    file: 'apps/web/src/features/lab-results/pages/LabResultsPage.tsx',
    code: "import { sortCareTeam } from '../../../features/dashboard/lib/cards';\nexport const x = sortCareTeam;\n",
    rule: 'boundaries/element-types',
  },
  {
    name: "a file at a feature's root imports another feature",
    file: 'apps/web/src/features/signup/signup-store.ts',
    code: "import { sortCareTeam } from '../dashboard/lib/cards';\nexport const x = sortCareTeam;\n",
    rule: 'boundaries/element-types',
  },
  {
    name: 'shared imports a feature',
    file: 'apps/web/src/shared/health-information.ts',
    code: "import { sortCareTeam } from '../features/dashboard/lib/cards';\nexport const x = sortCareTeam;\n",
    rule: 'boundaries/element-types',
  },
  {
    name: 'a component imports shared',
    file: 'apps/web/src/components/date-filters.ts',
    code: "import { FormCard } from '../shared/components/FormCard';\nexport const x = FormCard;\n",
    rule: 'boundaries/element-types',
  },
  {
    name: 'lib imports a component',
    file: 'apps/web/src/lib/focus.ts',
    code: "import { ItemList } from '../components/ItemList';\nexport const x = ItemList;\n",
    rule: 'boundaries/element-types',
  },
  {
    name: 'the web app imports the app wiring from a feature',
    file: 'apps/web/src/features/lab-results/pages/LabResultsPage.tsx',
    code: "import { router } from '../../../app/router';\nexport const x = router;\n",
    rule: 'boundaries/element-types',
  },
  {
    name: 'web code imports dayjs outside lib/dates.ts',
    file: 'apps/web/src/components/date-filters.ts',
    code: "import dayjs from 'dayjs';\nexport const x = dayjs;\n",
    rule: 'no-restricted-imports',
    message: /lib\/dates\.ts/,
  },
  {
    name: 'lib calls the API client',
    file: 'apps/web/src/lib/focus.ts',
    code: "import { api } from './api-instance';\nexport const x = () => api.get('/api/users/1/capabilities/patientPortal');\n",
    rule: 'no-restricted-syntax',
    message: API_CALLS_IN_ONE_PLACE,
  },
  {
    name: 'lib asks for a call ahead of its page',
    file: 'apps/web/src/lib/focus.ts',
    code: "import { fetchAhead } from './fetch-ahead';\nexport const x = () => fetchAhead('/api/patients/1');\n",
    rule: 'no-restricted-syntax',
    message: API_CALLS_IN_ONE_PLACE,
  },
  {
    name: 'a feature page calls the API client',
    file: 'apps/web/src/features/lab-results/pages/LabResultsPage.tsx',
    code: "import { api } from '../../../lib/api-instance';\nexport const x = () => api.post('/api/urlTokens', {});\n",
    rule: 'no-restricted-syntax',
    message: API_CALLS_IN_ONE_PLACE,
  },
  {
    name: 'the app wiring fetches from the API itself',
    file: 'apps/web/src/app/session-ahead.ts',
    code: "export const x = () => [fetch('/api/facilities'), window.fetch('/api/facilities')];\n",
    rule: 'no-restricted-syntax',
    message: API_CALLS_IN_ONE_PLACE,
  },
  {
    name: "contracts' rules import zod",
    file: 'packages/contracts/src/rules/email.ts',
    code: "import { z } from 'zod';\nexport const x = z;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: "a module's service imports another module's service",
    file: 'apps/server/src/modules/contacts/contacts.service.ts',
    code: "import { AccountsService } from '../accounts/accounts.service';\nexport const x = AccountsService;\n",
    rule: 'boundaries/element-types',
  },
  {
    name: "a module imports another module's repository",
    file: 'apps/server/src/modules/auth/profile.service.ts',
    code: "import { listLanguages } from '../lookups/lookups.repository';\nexport const x = listLanguages;\n",
    rule: 'boundaries/element-types',
  },
  {
    name: 'a routes file runs SQL with drizzle',
    file: 'apps/server/src/modules/lab-results/lab-results.routes.ts',
    code: "import { eq } from 'drizzle-orm';\nexport const x = eq;\n",
    rule: 'boundaries/external',
    message: /drizzle-orm only in/,
  },
  {
    name: 'a routes file skips its service for the repository',
    file: 'apps/server/src/modules/lab-results/lab-results.routes.ts',
    code: "import { countNotReviewed } from './lab-results.repository';\nexport const x = countNotReviewed;\n",
    rule: 'boundaries/element-types',
  },
  {
    name: 'a routes file imports the database schema',
    file: 'apps/server/src/modules/lab-results/lab-results.routes.ts',
    code: "import { labResults } from '../../db/schema/index';\nexport const x = labResults;\n",
    rule: 'boundaries/element-types',
  },
  {
    name: 'a routes file imports app.ts',
    file: 'apps/server/src/modules/lab-results/lab-results.routes.ts',
    code: "import { buildApp } from '../../app';\nexport const x = buildApp;\n",
    rule: 'boundaries/element-types',
  },
  {
    name: 'platform imports a module',
    file: 'apps/server/src/platform/audit/audit.ts',
    code: "import { LabResultsService } from '../../modules/lab-results/lab-results.service';\nexport const x = LabResultsService;\n",
    rule: 'boundaries/element-types',
  },
  {
    name: 'the database layer imports platform',
    file: 'apps/server/src/db/migrate.ts',
    code: "import { localDate } from '../platform/time/time';\nexport const x = localDate;\n",
    rule: 'boundaries/element-types',
  },
  {
    name: 'the demo runs SQL of its own',
    file: 'apps/server/src/demo/demo.ts',
    code: "import { sql } from 'drizzle-orm';\nexport const x = sql;\n",
    rule: 'boundaries/external',
  },
  {
    name: 'a re-export crosses a module',
    file: 'apps/server/src/modules/careteam/careteam.service.ts',
    code: "export { ContactsService } from '../contacts/contacts.service';\n",
    rule: 'boundaries/element-types',
  },
  {
    name: 'a module reads process.env',
    file: 'apps/server/src/modules/lab-results/lab-results.service.ts',
    code: 'export const x = process.env.HOME;\n',
    rule: 'no-restricted-properties',
  },
  {
    name: 'a module forges a patient scope (issue 33, item 3)',
    file: 'apps/server/src/modules/notifications/notifications.intake.ts',
    code:
      "import type { PatientScope } from '../../platform/access/patient-scope';\n" +
      'export const scope = { patientId: 1 } as PatientScope;\n',
    rule: 'no-restricted-syntax',
    message: /Only openPatientScope makes a PatientScope/,
  },
  {
    name: 'a test forges the patient an integration call named',
    file: 'apps/server/test/keyed-records.test.ts',
    code:
      "import type { IntegrationPatientId } from '../src/platform/integration/integration-patients';\n" +
      'export const id = 1 as unknown as IntegrationPatientId;\n',
    rule: 'no-restricted-syntax',
    message: /only integration-patients.ts an IntegrationPatientId/,
  },
  {
    name: 'an import cycle (access-control already imports patient-scope)',
    file: 'apps/server/src/platform/access/patient-scope.ts',
    code: "import { scopeOf } from './access-control';\nexport const x = scopeOf;\n",
    rule: 'import-x/no-cycle',
  },
];

describe('the house rules, enforced by lint', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  it.each(BANNED)('refuses: $name', async ({ file, code, rule, message }) => {
    const [result] = await eslint.lintText(code, { filePath: at(file) });
    const hits = result!.messages.filter((m) => m.ruleId === rule);
    expect(hits, JSON.stringify(result!.messages.map((m) => `${m.ruleId}: ${m.message}`))).not.toHaveLength(0);
    if (message) expect(hits.map((m) => m.message).join('\n')).toMatch(message);
  });

  it('lets the allowed direction through: a routes file using its own service and the platform', async () => {
    const code =
      "import { scopeOf } from '../../platform/access/access-control';\n" +
      "import { LabResultsService } from './lab-results.service';\n" +
      'export const x = [scopeOf, LabResultsService];\n';
    const [result] = await eslint.lintText(code, {
      filePath: at('apps/server/src/modules/lab-results/lab-results.routes.ts'),
    });
    expect(result!.messages.filter((m) => m.ruleId?.startsWith('boundaries/'))).toEqual([]);
  });

  it('lets the files that make a patient scope and an integration patient make them', async () => {
    const forged = async (file: string) => {
      const [result] = await eslint.lintText(readFileSync(at(file), 'utf8'), { filePath: at(file) });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax');
    };
    expect(await forged('apps/server/src/platform/access/patient-scope.ts')).toEqual([]);
    expect(await forged('apps/server/src/platform/integration/integration-patients.ts')).toEqual([]);
  });

  it('lets the API be called in features/*/api and shared/api, and the session be read anywhere', async () => {
    const callsOf = async (file: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: at(file) });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax');
    };
    const call = "import { api } from '../../../lib/api-instance';\nexport const x = () => api.get('/api/x');\n";
    expect(await callsOf('apps/web/src/features/lab-results/api/lab-results.ts', call)).toEqual([]);
    expect(await callsOf('apps/web/src/shared/api/facility.ts', call.replace('../../../', '../../'))).toEqual([]);
    const session = "import { api } from './api-instance';\nexport const x = () => api.session.get();\n";
    expect(await callsOf('apps/web/src/lib/focus.ts', session)).toEqual([]);
  });
});

describe('import cycles, type-only imports included', () => {
  it('finds none in the server, the web app and the contracts', () => {
    const files = ['apps/server/src', 'apps/server/test', 'apps/web/src', 'packages/contracts/src'].flatMap((dir) =>
      sourceFiles(at(dir)),
    );
    const cycles = importCycles(importGraph(files)).map((cycle) => cycle.map((f) => path.relative(ROOT, f)));
    expect(cycles).toEqual([]);
  });

  it('sees a cycle made only of type imports', () => {
    const a = at('virtual/a.ts');
    const b = at('virtual/b.ts');
    const texts: Record<string, string> = {
      [a]: "import type { B } from './b';\nexport interface A { b: B }\n",
      [b]: "import type { A } from './a';\nexport interface B { a: A }\n",
    };
    expect(importCycles(importGraph([a, b], (file) => texts[file]!))).toEqual([[a, b]]);
  });
});
