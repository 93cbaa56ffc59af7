import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const TS_PROJECTS = ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contracts/tsconfig.json'];

/**
 * The layers of the code (ADR 0007). Each file belongs to the first element whose pattern matches its path
 * from the repository root; `module` and `feature` capture the folder, so a rule can say "the same one".
 */
const ELEMENTS = [
  // Browser: app -> features -> shared -> components / lib -> contracts.
  { type: 'web-entry', pattern: 'apps/web/src/*.{ts,tsx,css}', mode: 'full' },
  { type: 'web-app', pattern: 'apps/web/src/app/**', mode: 'full' },
  { type: 'web-feature', pattern: 'apps/web/src/features/*/**', mode: 'full', capture: ['feature'] },
  { type: 'web-shared', pattern: 'apps/web/src/shared/**', mode: 'full' },
  { type: 'web-components', pattern: 'apps/web/src/components/**', mode: 'full' },
  { type: 'web-lib', pattern: 'apps/web/src/lib/**', mode: 'full' },
  { type: 'contracts', pattern: 'packages/contracts/src/**', mode: 'full' },
  // Server: routes -> service -> repository -> db; platform below every module; no module knows another.
  { type: 'server-config', pattern: 'apps/server/src/config.ts', mode: 'full' },
  { type: 'server-entry', pattern: 'apps/server/src/*.ts', mode: 'full' },
  { type: 'demo-repository', pattern: 'apps/server/src/demo/*.repository.ts', mode: 'full' },
  { type: 'demo', pattern: 'apps/server/src/demo/**', mode: 'full' },
  { type: 'routes', pattern: 'apps/server/src/modules/*/*.routes.ts', mode: 'full', capture: ['module'] },
  { type: 'service', pattern: 'apps/server/src/modules/*/*.service.ts', mode: 'full', capture: ['module'] },
  { type: 'repository', pattern: 'apps/server/src/modules/*/*.repository.ts', mode: 'full', capture: ['module'] },
  // A module's other pieces (a PDF layout, an intake service, ticket helpers): beside its service.
  { type: 'module-part', pattern: 'apps/server/src/modules/*/*.ts', mode: 'full', capture: ['module'] },
  { type: 'platform', pattern: 'apps/server/src/platform/**', mode: 'full' },
  { type: 'db-client', pattern: 'apps/server/src/db/client.ts', mode: 'full' },
  { type: 'db', pattern: 'apps/server/src/db/**', mode: 'full' },
];

// eq(column, true) sends the constant as a parameter: a prepared statement's generic plan cannot then use a partial
// index (WHERE NOT is_reviewed ...) and PostgreSQL kept planning such a count afresh on every call.
const EQ_LITERAL = {
  selector: 'CallExpression[callee.name=/^(eq|ne)$/] > Literal.arguments[raw=/^(true|false)$/]',
  message: 'Write a boolean condition as the column itself or not(column), so the SQL carries it.',
};
// A patient's record is opened by the one access check (a PatientScope, patient-scope.ts) or named by the
// integration check (an IntegrationPatientId, integration-patients.ts); a cast to either elsewhere forges one.
const PATIENT_SCOPE_MAKER = 'apps/server/src/platform/access/patient-scope.ts';
const INTEGRATION_PATIENT_MAKER = 'apps/server/src/platform/integration/integration-patients.ts';
const FORGED_PATIENT = ['TSAsExpression', 'TSTypeAssertion', 'TSSatisfiesExpression'].map((node) => ({
  selector: `${node} TSTypeReference[typeName.name=/^(PatientScope|IntegrationPatientId)$/]`,
  message:
    'Only openPatientScope makes a PatientScope and only integration-patients.ts an IntegrationPatientId (the seed: seededPatientId).',
}));

const sameModule = (type) => [type, { module: '{{ from.module }}' }];
const LAYER_RULES = [
  { from: 'web-entry', allow: ['web-entry', 'web-app', 'web-lib', 'web-components', 'contracts'] },
  {
    from: 'web-app',
    allow: ['web-entry', 'web-app', 'web-feature', 'web-shared', 'web-components', 'web-lib', 'contracts'],
  },
  {
    from: 'web-feature',
    allow: [['web-feature', { feature: '{{ from.feature }}' }], 'web-shared', 'web-components', 'web-lib', 'contracts'],
  },
  { from: 'web-shared', allow: ['web-shared', 'web-components', 'web-lib', 'contracts'] },
  { from: 'web-components', allow: ['web-components', 'web-lib', 'contracts'] },
  { from: 'web-lib', allow: ['web-lib', 'contracts'] },
  { from: 'contracts', allow: ['contracts'] },
  { from: 'server-config', allow: ['contracts'] },
  {
    from: 'server-entry',
    allow: [
      'server-entry',
      'server-config',
      'routes',
      'service',
      'module-part',
      'platform',
      'db',
      'db-client',
      'demo',
      'contracts',
    ],
  },
  { from: 'demo', allow: ['demo', 'demo-repository', 'module-part', 'service', 'platform', 'contracts'] },
  { from: 'demo', allow: ['db-client'], importKind: 'type' },
  { from: 'demo-repository', allow: ['db', 'db-client', 'platform', 'contracts'] },
  {
    from: 'routes',
    allow: [sameModule('service'), sameModule('module-part'), 'platform', 'server-config', 'contracts'],
  },
  {
    from: 'service',
    allow: [
      sameModule('service'),
      sameModule('repository'),
      sameModule('module-part'),
      'platform',
      'server-config',
      'contracts',
    ],
  },
  {
    from: 'module-part',
    allow: [
      sameModule('module-part'),
      sameModule('repository'),
      sameModule('service'),
      'platform',
      'server-config',
      'contracts',
    ],
  },
  // A service may name the database handle's type to pass a transaction down; only repositories hold SQL.
  { from: ['service', 'module-part'], allow: ['db-client'], importKind: 'type' },
  { from: 'repository', allow: [sameModule('repository'), 'db', 'db-client', 'platform', 'contracts'] },
  { from: 'platform', allow: ['platform', 'db', 'db-client', 'server-config', 'contracts'] },
  { from: 'db-client', allow: ['db', 'server-config', 'contracts'] },
  { from: 'db', allow: ['db', 'db-client', 'contracts'] },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.test-artifacts/**',
      '**/*.js',
      '**/*.mjs',
      'tooling/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/rules-of-hooks': 'error' },
  },
  {
    // The layers, enforced. Tests are exempt: they reach into any layer to set up and to assert.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/root-path': import.meta.dirname,
      'boundaries/include': ['apps/**/*', 'packages/**/*'],
      // Re-exports and lazy imports are dependencies too.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      // eslint-plugin-boundaries resolves through eslint-module-utils' legacy resolver setting.
      'import/resolver': { typescript: { project: TS_PROJECTS, noWarnOnMultipleProjects: true } },
      // import-x parses only the files these settings name (its defaults are plain JavaScript).
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: TS_PROJECTS, noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'boundaries/element-types': ['error', { default: 'disallow', rules: LAYER_RULES }],
      'boundaries/no-unknown': 'error',
      'boundaries/external': [
        'error',
        {
          default: 'allow',
          rules: [
            // SQL lives in repositories, the database layer and the platform pieces that own a table.
            {
              from: ['web-entry', 'web-app', 'web-feature', 'web-shared', 'web-components', 'web-lib', 'contracts'],
              disallow: ['drizzle-orm', 'pg', '@electric-sql/pglite'],
              message: 'The browser and the contracts never reach the database.',
            },
            {
              from: ['server-entry', 'server-config', 'routes', 'service', 'module-part', 'demo'],
              disallow: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'drizzle-orm only in *.repository.ts, db/ and platform/.',
            },
          ],
        },
      ],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings in config.ts and pass them down.' },
      ],
      'no-restricted-syntax': ['error', EQ_LITERAL, ...FORGED_PATIENT],
    },
  },
  {
    // Tests and the settings file may write eq(column, true); no file but the one that makes it forges a patient.
    files: ['apps/server/src/config.ts', 'apps/server/**/*.test.ts', 'apps/server/test/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...FORGED_PATIENT] },
  },
  {
    files: [PATIENT_SCOPE_MAKER, INTEGRATION_PATIENT_MAKER],
    rules: { 'no-restricted-syntax': ['error', EQ_LITERAL] },
  },

  {
    files: ['apps/web/src/**'],
    ignores: ['apps/web/src/lib/dates.ts', 'apps/web/src/lib/dates.test.ts'],
    rules: restrict([
      { group: ['**/apps/server/**', '@portal/server'], message: 'The web app never imports the server.' },
      { group: ['dayjs', 'dayjs/*'], message: 'Dates go through lib/dates.ts, the one owner of dayjs.' },
    ]),
  },
  {
    // The web app calls the API in one place (issue 33, item 7): features/*/api and shared/api, through the one
    // client (lib/api-instance.ts) or the calls asked for ahead (lib/fetch-ahead.ts). Everywhere else imports a
    // call from there; the client's session (api.session) and message bar are read anywhere.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/features/*/api/**',
      'apps/web/src/shared/api/**',
      'apps/web/src/lib/api/**',
      'apps/web/src/lib/api-instance.ts',
      'apps/web/src/lib/fetch-ahead.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
      'apps/web/src/test/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.object.name='api'][callee.property.name=/^(request|get|post|put|patch|del|token|refresh)$/]",
          'CallExpression[callee.name=/^(fetch|fetchAhead|getTakingAhead)$/]',
          "CallExpression[callee.object.name=/^(window|globalThis|self)$/][callee.property.name='fetch']",
        ].map((selector) => ({
          selector,
          message: 'Call the API in features/<feature>/api or shared/api, and import the call from there.',
        })),
      ],
    },
  },
  {
    // The browser imports rules/ and constants/; a zod schema there would put zod in the login page's bundle.
    files: ['packages/contracts/src/rules/**', 'packages/contracts/src/constants/**'],
    rules: restrict([
      { group: ['zod', 'zod/*', '**/api/**'], message: 'rules and constants stay free of schemas: put them in api/.' },
    ]),
  },
  {
    files: ['**/*.test.ts', 'e2e/**', 'apps/server/test/**', 'tooling/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
