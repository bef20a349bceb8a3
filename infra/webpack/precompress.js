// Brotli and gzip twins of every compressible file a production build emits (ARCHITECTURE §9):
// the gateway serves `<file>.br` or `<file>.gz` with Content-Encoding when the browser accepts it,
// so nothing is compressed per request and brotli runs at its slowest, smallest setting once.
const fs = require('node:fs/promises');
const path = require('node:path');
const zlib = require('node:zlib');
const { promisify } = require('node:util');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; fonts (woff2 is brotli inside) and images are not. */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|webmanifest)$/;
/** Below this, the headers cost more than the bytes saved. */
const MIN_BYTES = 256;

async function compressFile(file) {
  const raw = await fs.readFile(file);
  if (raw.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A twin no smaller than the file would only cost the browser a decode.
  if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
}

async function compressTree(dir) {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await compressTree(full);
      else if (COMPRESSIBLE.test(entry.name)) await compressFile(full);
    }),
  );
}

/** Runs after webpack (and every plugin, the federation manifest included) has written dist/. */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.done.tapPromise('PrecompressPlugin', async (stats) => {
      if (stats.hasErrors()) return;
      await compressTree(compiler.outputPath);
    });
  }
}

module.exports = { PrecompressPlugin, COMPRESSIBLE };
