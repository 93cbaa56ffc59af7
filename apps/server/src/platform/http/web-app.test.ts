import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

// The web build as the server finds it, compressed by the build's own script (apps/web/scripts/precompress.mjs).
const PRECOMPRESS = path.resolve(import.meta.dirname, '../../../../web/scripts/precompress.mjs');
const INDEX =
  '<!doctype html><html><head><title>Portal</title><script type="module" src="/assets/app-abc123.js"></script>' +
  '</head><body><div id="root"></div></body></html>';
// Big enough that compressing it is worth something, as a real chunk is.
const SCRIPT = Array.from({ length: 200 }, (_, i) => `export const value${i} = "portal ${i}";`).join('\n') + '\n';
const STYLE = Array.from({ length: 100 }, (_, i) => `.row-${i} { padding: ${i}px; color: #123456; }`).join('\n');
const MAP = JSON.stringify({ version: 3, sources: ['src/main.tsx'], mappings: 'AAAA' });

function writeBuild(dir: string): void {
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>');
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js.map'), MAP);
  writeFileSync(path.join(dir, 'assets', 'index-def456.css'), STYLE);
  writeFileSync(path.join(dir, 'assets', 'font-0a1b2c.woff2'), Buffer.from('wOF2 not really a font'));
  writeFileSync(path.join(dir, 'assets', 'logo-3d4e5f.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
}

function precompress(dir: string): string {
  return execFileSync(process.execPath, [PRECOMPRESS, dir], { encoding: 'utf8' });
}

function bodyOf(res: LightMyRequestResponse): string {
  const raw = res.rawPayload;
  switch (res.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(raw).toString('utf8');
    case 'gzip':
      return gunzipSync(raw).toString('utf8');
    default:
      return raw.toString('utf8');
  }
}

function varies(res: LightMyRequestResponse): string[] {
  return String(res.headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());
}

describe('the build script that compresses the web app', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-precompress-'));
    writeBuild(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a .br and a .gz beside each compressible file, whose decompression is the file', () => {
    expect(precompress(dir)).toMatch(/^precompress: 4 files/);
    for (const file of ['index.html', 'favicon.svg', 'assets/app-abc123.js', 'assets/index-def456.css']) {
      const original = readFileSync(path.join(dir, file));
      const br = readFileSync(path.join(dir, `${file}.br`));
      const gz = readFileSync(path.join(dir, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(gunzipSync(gz).equals(original), file).toBe(true);
    }
    const script = readFileSync(path.join(dir, 'assets/app-abc123.js'));
    expect(readFileSync(path.join(dir, 'assets/app-abc123.js.br')).length).toBeLessThan(script.length / 4);
  });

  it('leaves source maps and files that are compressed already alone', () => {
    for (const file of ['assets/app-abc123.js.map', 'assets/font-0a1b2c.woff2', 'assets/logo-3d4e5f.png']) {
      expect(existsSync(path.join(dir, `${file}.br`)), file).toBe(false);
      expect(existsSync(path.join(dir, `${file}.gz`)), file).toBe(false);
    }
  });

  it('compresses nothing twice when run again', () => {
    expect(precompress(dir)).toMatch(/^precompress: 4 files/);
    expect(existsSync(path.join(dir, 'assets/app-abc123.js.br.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets/app-abc123.js.gz.gz'))).toBe(false);
  });
});

describe('serving the compressed web app', () => {
  let dir: string;
  let t: TestApp;
  let production: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    writeBuild(dir);
    precompress(dir);
    t = await createTestApp({ config: { WEB_DIST_DIR: dir } });
    production = await createTestApp({ config: { WEB_DIST_DIR: dir, NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await t?.close();
    await production?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url, headers });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
  ])('answers accept-encoding %s with the %s file, as it was written at build', async (accept, encoding) => {
    const res = await get(t, '/assets/app-abc123.js', { 'accept-encoding': accept });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    const ext = encoding === 'br' ? '.br' : '.gz';
    expect(res.rawPayload.equals(readFileSync(path.join(dir, `assets/app-abc123.js${ext}`)))).toBe(true);
    expect(bodyOf(res)).toBe(SCRIPT);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(varies(res)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const headerSets: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }];
    for (const headers of headerSets) {
      const res = await get(t, '/assets/index-def456.css', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(STYLE);
      expect(res.headers['content-type']).toMatch(/^text\/css/);
      expect(varies(res)).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends index.html compressed and never cached, at / and for any page of the app', async () => {
    const cases: [url: string, headers: Record<string, string>][] = [
      ['/', { 'accept-encoding': 'br' }],
      ['/index.html', { 'accept-encoding': 'gzip' }],
      ['/dashboard', { 'accept-encoding': 'br', accept: 'text/html' }],
      ['/lab-results/12', { 'accept-encoding': 'gzip', accept: 'text/html,application/xhtml+xml' }],
      ['/login', { accept: 'text/html' }],
    ];
    for (const [url, headers] of cases) {
      const res = await get(t, url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe(headers['accept-encoding']);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(varies(res), url).toContain('accept-encoding');
      expect(bodyOf(res), url).toBe(INDEX);
    }
  });

  it('keeps the right type and no immutable caching for files outside /assets', async () => {
    const res = await get(t, '/favicon.svg', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends files that are compressed already as they are', async () => {
    const res = await get(t, '/assets/font-0a1b2c.woff2', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('wOF2 not really a font');
  });

  it('still compresses API answers', async () => {
    const res = await get(t, '/api/openapi.json', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(bodyOf(res))).toHaveProperty('openapi');
  });

  it('does not serve source maps in production', async () => {
    const headerSets: Record<string, string>[] = [{}, { 'accept-encoding': 'br, gzip' }, { accept: 'text/html' }];
    for (const headers of headerSets) {
      const res = await get(production, '/assets/app-abc123.js.map', headers);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('mappings');
      expect(res.json<{ error: string }>().error).toBe('not_found');
    }
    // The script they would belong to is served as anywhere else.
    const script = await get(production, '/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(script.statusCode).toBe(200);
    expect(bodyOf(script)).toBe(SCRIPT);
  });

  it('serves source maps outside production, for the developer tools', async () => {
    const res = await get(t, '/assets/app-abc123.js.map');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(MAP);
  });
});
