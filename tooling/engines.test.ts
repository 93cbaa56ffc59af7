import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

// npm's own range parser (npm ci uses the same rules for its engine warning).
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

interface LockedPackage {
  version?: string;
  engines?: Record<string, string> | string[];
}

describe('the Node versions the README promises', () => {
  const rootRange = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
  const oldest = semver.minVersion(rootRange)?.version ?? '';
  const pinned = read('.nvmrc').trim();

  it('are the ones package.json and .nvmrc name', () => {
    expect(oldest).toBe('20.19.0');
    expect(read('README.md')).toContain(`Node.js ${oldest.replace(/\.0$/, '')} or later`);
    expect(semver.satisfies(pinned, rootRange)).toBe(true);
  });

  it('are accepted by every locked package, so npm ci prints no engine warning', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockedPackage> };
    const refusing = Object.entries(lock.packages).flatMap(([where, pkg]) => {
      const range = !pkg.engines || Array.isArray(pkg.engines) ? undefined : pkg.engines.node;
      if (!range) return [];
      return [oldest, pinned]
        .filter((node) => !semver.satisfies(node, range))
        .map((node) => `${where}@${pkg.version ?? '?'} wants node ${range}, refuses ${node}`);
    });
    expect(refusing).toEqual([]);
  });
});
