import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Imports flow one way: web app -> features -> components/lib -> contracts; server routes -> service ->
// repository -> db; platform never imports modules; no feature or module imports another.
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.test-artifacts/**', '**/*.js', '**/*.mjs'] },
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
    files: ['apps/web/src/**'],
    rules: restrict([
      { group: ['**/apps/server/**', '@portal/server'], message: 'The web app never imports the server.' },
    ]),
  },
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: restrict([
      { group: ['**/features/**', '**/app/**'], message: 'components and lib know no feature and no app wiring.' },
    ]),
  },
  {
    files: ['apps/web/src/features/**'],
    rules: restrict([
      {
        group: ['**/app/**', '../../*/**', '!../../../**'],
        message: 'A feature imports no other feature and not the app.',
      },
    ]),
  },
  {
    files: ['apps/server/src/platform/**'],
    rules: restrict([{ group: ['**/modules/**'], message: 'platform is used by modules, never the reverse.' }]),
  },
  {
    files: ['apps/server/src/db/**'],
    rules: restrict([{ group: ['**/modules/**', '**/app'], message: 'The database layer knows no module.' }]),
  },
  {
    files: ['apps/server/src/modules/*/*.repository.ts'],
    rules: restrict([
      { group: ['**/*.routes', '**/*.service'], message: 'Repositories sit below services and routes.' },
    ]),
  },
  {
    files: ['packages/contracts/**'],
    rules: restrict([{ group: ['**/apps/**'], message: 'contracts depend on nothing of ours.' }]),
  },
  {
    // The browser imports rules/ and constants/; a zod schema there would put zod in the login page's bundle.
    files: ['packages/contracts/src/rules/**', 'packages/contracts/src/constants/**'],
    rules: restrict([
      { group: ['**/apps/**'], message: 'contracts depend on nothing of ours.' },
      { group: ['zod', 'zod/*', '**/api/**'], message: 'rules and constants stay free of schemas: put them in api/.' },
    ]),
  },
  {
    files: ['**/*.test.ts', 'e2e/**', 'apps/server/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
