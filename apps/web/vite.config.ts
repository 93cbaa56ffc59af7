import path from 'node:path';
import type { MantineThemeOverride } from '@mantine/core';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

/** A Mantine component's class-name module; its stylesheet in @mantine/core/styles/ has the same name. */
const MANTINE_CLASSES = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:[^\\/]+[\\/])*(\w+)\.module\.mjs$/;

/**
 * Each Mantine component brings its own stylesheet, instead of the whole library's (37 KB gzipped) blocking
 * every page: the build appends the component's CSS import to the module that holds its class names, so
 * the CSS lands in whichever chunk the component does (a page's components load with the page). Mantine's
 * components import the ones they build on first, so a base component's rules come before the rules that
 * refine them, as in the library's own stylesheet. The development server serves Mantine pre-bundled,
 * where no transform reaches: there the whole stylesheet is loaded.
 */
function mantineStylesPerComponent(): Plugin {
  let serving = false;
  return {
    name: 'portal:mantine-styles-per-component',
    enforce: 'pre',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transform(code, id) {
      if (serving) {
        return /[\\/]src[\\/]main\.tsx$/.test(id) ? `import '@mantine/core/styles.css';\n${code}` : null;
      }
      const name = MANTINE_CLASSES.exec(id)?.[1];
      return name ? { code: `${code}\nimport '@mantine/core/styles/${name}.css';\n`, map: null } : null;
    },
  };
}

const THEME_VARIABLES = 'virtual:mantine-theme.css';

/**
 * The CSS variables of our Mantine theme (src/theme.ts), written at build as a stylesheet: what the library's
 * provider would otherwise compute and inject into the page on every start (ThemeRoot uses the provider's
 * parts without it). Like the provider, only the variables that differ from the library's defaults
 * (@mantine/core/styles/default-css-variables.css); and the classes of hiddenFrom and visibleFrom at the
 * theme's breakpoints, which the provider writes too.
 */
function mantineThemeVariables(): Plugin {
  let root = '';
  return {
    name: 'portal:mantine-theme-variables',
    configResolved(config) {
      root = config.root;
    },
    resolveId: (id) => (id === THEME_VARIABLES ? `\0${THEME_VARIABLES}` : null),
    async load(id) {
      if (id !== `\0${THEME_VARIABLES}`) return null;
      const { module } = await runnerImport<{ theme: MantineThemeOverride }>(path.join(root, 'src/theme.ts'), {
        configFile: false,
        logLevel: 'error',
      });
      const mantine = await import('@mantine/core');
      const ours = mantine.defaultCssVariablesResolver(mantine.mergeMantineTheme(mantine.DEFAULT_THEME, module.theme));
      const defaults = mantine.defaultCssVariablesResolver(mantine.DEFAULT_THEME);
      const changed = (values: Record<string, string>, base: Record<string, string>) =>
        Object.fromEntries(Object.entries(values).filter(([name, value]) => base[name] !== value));
      const variables = mantine.convertCssVariables(
        {
          variables: changed(ours.variables, defaults.variables),
          light: changed(ours.light, defaults.light),
          dark: changed(ours.dark, defaults.dark),
        },
        ':root',
      );
      // The classes of the components' hiddenFrom and visibleFrom, at the theme's breakpoints (em).
      const classes = Object.entries(module.theme.breakpoints ?? {}).map(([name, value]) => {
        const px = mantine.px(value) as number;
        return (
          `@media (max-width: ${mantine.em(px - 0.1)}) {.mantine-visible-from-${name} {display: none !important;}}` +
          `@media (min-width: ${mantine.em(px)}) {.mantine-hidden-from-${name} {display: none !important;}}`
        );
      });
      return `${variables}\n${classes.join('\n')}\n`;
    },
  };
}

/**
 * The frame of every logged-in page, one chunk beside the app's own: the query cache, the login guard,
 * the navigation, the session's shared data and helpers. (Without it, the bundler cuts the modules the
 * pages share into dozens of small files, each a request, in several rounds.) The navigation's parts that
 * load on demand stay out, with what only they use.
 */
function inPortalFrame(id: string): boolean {
  const file = id.replaceAll('\\', '/');
  if (/\/src\/app\/layout\/nav\/(?:UserMenu|ResourcesMenu|MenuDrawer)\./.test(file)) return false;
  return /\/(?:node_modules\/@tanstack\/|src\/(?:app\/(?:QueryRoot|RequireAuth|layout\/nav\/)|lib\/|shared\/api\/))/.test(
    file,
  );
}

/** A test for the modules of a shared chunk: Mantine components by name, and files of our own under src/. */
function sharedModules({ mantine, ours, more = [] }: { mantine: string[]; ours: string[]; more?: string[] }) {
  const pattern = new RegExp(
    [
      ...(mantine.length > 0 ? [`/node_modules/@mantine/core/esm/components/(?:${mantine.join('|')})/`] : []),
      ...(ours.length > 0 ? [`/src/(?:${ours.join('|')})\\.tsx?$`] : []),
      ...more,
    ].join('|'),
  );
  return (id: string) => pattern.test(id.replaceAll('\\', '/'));
}

/**
 * What nearly every page behind the login renders, the dashboard included, in one chunk: Mantine's hooks and core
 * utilities and its basic components. A phone's browser opens six connections to a host (HTTP/1.1), so each file
 * is a round trip in a queue: left to the bundler, the shared modules were 10 to 30 files of about one kilobyte
 * each (a list page fetched 36 to 47 files before its list could show). See docs/performance.md, 2026-11-25
 * (afternoon).
 */
const inPageKit = sharedModules({
  mantine: ['Paper', 'CloseButton', 'VisuallyHidden', 'Grid', 'SimpleGrid', 'Alert'],
  ours: [],
  more: [
    '/node_modules/@mantine/hooks/',
    '/node_modules/@mantine/core/esm/core/',
    // The check and radio icons: the menus draw them too, and they are tiny (the forms' chunk would follow them).
    '/node_modules/@mantine/core/esm/components/Checkbox/CheckIcon',
    '/node_modules/@mantine/core/esm/components/Radio/RadioIcon',
  ],
});

/** The list pages' frame, in one chunk: the list, master-detail, filter panel and module page, and their inputs. */
const inListKit = sharedModules({
  mantine: ['Input', 'InputBase', 'NativeSelect', 'Badge'],
  ours: [
    'components/ItemList',
    'components/MasterDetail',
    'components/FilterPanel',
    'shared/module-page',
    'shared/list-selection',
  ],
});

/** The list pages' detail panes and dialogs, in one chunk: tables, scroll areas, modals and what floats. */
const inDetailKit = sharedModules({
  mantine: [
    'ScrollArea',
    'Table',
    'ActionIcon',
    'Modal',
    'ModalBase',
    'FocusTrap',
    'Portal',
    'Transition',
    'Overlay',
    'SegmentedControl',
  ],
  ours: ['components/SortableTable', 'components/CancelConfirmModal', 'components/use-leave-guard'],
  more: ['/node_modules/@floating-ui/'],
});

/**
 * The questionnaires' lists (the patient's page and the kiosk's): their cards, dates and calls, in one chunk
 * instead of five.
 */
const inQuestionnaireLists = sharedModules({
  mantine: [],
  ours: [
    'features/questionnaires/api/(?:current|history)',
    'features/questionnaires/components/(?:questionnaire-page|QuestionnaireDate|QuestionnaireCard)',
  ],
});

/**
 * The forms' inputs (a questionnaire to complete, the account and contact forms), in one chunk: check boxes, radios,
 * fieldsets and text areas (a questionnaire fetched them as seven files).
 */
const inFormKit = sharedModules({
  mantine: ['Checkbox(?!/CheckIcon)', 'InlineInput', 'Fieldset', 'Radio(?!/RadioIcon)', 'Textarea'],
  ours: [],
});

export default defineConfig({
  plugins: [mantineStylesPerComponent(), mantineThemeVariables(), react()],
  build: {
    target: 'es2022',
    // No inline polyfill script: the Content-Security-Policy forbids inline scripts.
    modulePreload: { polyfill: false },
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            { name: 'portal', test: inPortalFrame, priority: 2 },
            { name: 'page-kit', test: inPageKit, priority: 1 },
            { name: 'list-kit', test: inListKit, priority: 1 },
            { name: 'detail-kit', test: inDetailKit, priority: 1 },
            { name: 'questionnaire-lists', test: inQuestionnaireLists, priority: 1 },
            { name: 'form-kit', test: inFormKit, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/token': api, '/healthz': api, '/readyz': api, '/dev': api },
  },
});
