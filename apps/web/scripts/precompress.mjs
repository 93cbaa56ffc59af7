// Writes a brotli (.br, best quality) and a gzip (.gz, level 9) file beside every compressible file of the
// web build, once, so the server sends them as they are (@fastify/static's preCompressed) instead of
// compressing the same bytes on every request.
// Usage: node scripts/precompress.mjs [dir]   (default: dist beside this script's package)
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Text and other formats that compress well. Not images that are compressed already (png, jpg, webp,
 * avif, gif), not fonts that are (woff, woff2), and not source maps, which production does not serve.
 */
export const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.html',
  '.htm',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
  '.wasm',
]);

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .filter((file) => COMPRESSIBLE.has(path.extname(file).toLowerCase()));
}

async function compressFile(file) {
  const bytes = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]:
          path.extname(file) === '.wasm' ? zlib.constants.BROTLI_MODE_GENERIC : zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // Written even when a tiny file does not shrink: a file without them would be compressed per request.
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return { file, size: bytes.length, br: br.length, gz: gz.length };
}

/** Compresses every compressible file under `dir`; returns what it wrote, file by file. */
export async function precompress(dir) {
  const files = await filesUnder(dir);
  const results = [];
  // A few at a time: zlib's work runs on libuv's pool of four threads.
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) results.push(await compressFile(file));
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return results.sort((a, b) => a.file.localeCompare(b.file));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url)));
  const started = performance.now();
  const results = await precompress(dir);
  const sum = (key) => results.reduce((total, r) => total + r[key], 0);
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
  process.stdout.write(
    `precompress: ${results.length} files in ${path.relative(process.cwd(), dir) || '.'}, ` +
      `${kb(sum('size'))} -> ${kb(sum('br'))} brotli, ${kb(sum('gz'))} gzip ` +
      `(${Math.round(performance.now() - started)} ms)\n`,
  );
}
