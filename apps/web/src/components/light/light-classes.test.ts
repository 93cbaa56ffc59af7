import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// The light components write the component library's class names themselves (they stand in for its
// components before its code loads): a library upgrade that renames them fails here, not on screen.
const library = readFileSync(createRequire(import.meta.url).resolve('@mantine/core/styles.css'), 'utf8');
const here = new URL('.', import.meta.url);
const sources = readdirSync(here)
  // The components themselves; their test compares them with the library's, so it imports it.
  .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
  .map((file) => ({ file, text: readFileSync(new URL(file, here), 'utf8') }));

describe('the light components', () => {
  it('use only class names the library has', () => {
    const missing = sources.flatMap(({ file, text }) =>
      [...new Set(text.match(/\bm_[0-9a-f]{6,8}\b/g) ?? [])]
        .filter((name) => !library.includes(`.${name}`))
        .map((name) => `${file}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("import none of the library's code", () => {
    const importing = sources.filter(({ text }) => /from '@mantine\/core'/.test(text)).map(({ file }) => file);
    expect(importing).toEqual([]);
  });
});
