import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

/** A Mantine component's class-name module; its stylesheet in @mantine/core/styles/ has the same name. */
const MANTINE_CLASSES = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:[^\\/]+[\\/])*(\w+)\.module\.mjs$/;

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

export default defineConfig({
  plugins: [mantineStylesPerComponent(), react()],
  build: {
    target: 'es2022',
    // No inline polyfill script: the Content-Security-Policy forbids inline scripts.
    modulePreload: { polyfill: false },
    sourcemap: true,
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/token': api, '/healthz': api, '/readyz': api, '/dev': api },
  },
});
