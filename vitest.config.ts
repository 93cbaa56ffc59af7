import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: './packages/contracts', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          // A minute for seeding, and three more when a file seeds in the demo day's last minutes (access-fixture).
          hookTimeout: 240_000,
        },
      },
      { test: { name: 'web', root: './apps/web', include: ['src/**/*.test.ts'] } },
      // Components that hold behaviour, rendered in jsdom with Testing Library, in the app's theme and language packs.
      {
        test: {
          name: 'components',
          root: './apps/web',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup-dom.ts'],
        },
      },
      // The house rules: lint boundaries and import cycles over the whole tree.
      { test: { name: 'tooling', root: './tooling', include: ['**/*.test.ts'], testTimeout: 120_000 } },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          globalSetup: ['./support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One retry for a journey that fails on timing (the session-timeout journey has, once in
          // many runs); a journey that is broken fails twice and still fails the run.
          retry: 1,
        },
      },
    ],
  },
});
