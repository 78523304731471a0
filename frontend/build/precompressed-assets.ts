import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files served as text, worth compressing; images and fonts are compressed already. */
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy would save next to nothing. */
const MIN_BYTES = 256;

const brotliOf = promisify(brotliCompress);
const gzipOf = promisify(gzip);

/** Writes `compressed` beside `path` under `suffix` when it saves anything. */
async function writeSmaller(path: string, suffix: string, original: Buffer, compressed: Buffer): Promise<void> {
  if (compressed.length < original.length) await writeFile(`${path}${suffix}`, compressed);
}

/** Every file under `dir`, as paths relative to it; Vite's own folder (`.vite`, the manifest) is skipped. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name === '.vite' ? [] : filesUnder(dir, path);
    return [path];
  });
}

/**
 * Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside each text file of the build,
 * when smaller than the file, so the server sends the web app compressed without compressing at each
 * request (backend: infrastructure/http/precompressed-files.ts). The budget of the first page is counted
 * in gzip; without these the server sent it as it is, about 2.8 times as many bytes.
 */
export function precompressedAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ringcheck:precompressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // zlib's asynchronous calls run on libuv's threads: the files compress side by side (1.5 s, not 2.6 s).
    async closeBundle() {
      const texts = filesUnder(outDir).filter((file) => TEXT_FILE.test(file));
      await Promise.all(
        texts.map(async (file) => {
          const path = join(outDir, file);
          const bytes = await readFile(path);
          if (bytes.length < MIN_BYTES) return;
          const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
          await writeSmaller(path, '.br', bytes, await brotliOf(bytes, { params }));
          await writeSmaller(path, '.gz', bytes, await gzipOf(bytes, { level: 9 }));
        }),
      );
    },
  };
}
