#!/usr/bin/env node
// Compiles the deployables to JavaScript for the image (infra/docker/Dockerfile's build stage;
// infra/test/image.test.ts runs the same steps outside Docker). Plain Node, no dependencies but
// the TypeScript compiler:
//   node infra/docker/compile.mjs [outDir]        (default dist/server)
// 1. tsc -p tsconfig.build.json: CommonJS under <outDir>/{packages,services,gateway}/…
// 2. <outDir>/node_modules/@lakorn/<package>/index.js for each shared package: the compiled code
//    requires '@lakorn/service-kit', and Node looks in the nearest node_modules first, so it gets
//    the compiled package, never the workspace link whose package.json points at TypeScript.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = path.resolve(root, process.argv[2] ?? 'dist/server');
const SHARED = ['packages/contracts', 'packages/service-kit'];

const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json'), '--outDir', outDir], {
  cwd: root,
  stdio: 'inherit',
});
if (compiled.status !== 0) {
  console.error(`tsc -p tsconfig.build.json failed (exit ${compiled.status ?? compiled.signal})`);
  process.exit(1);
}

for (const workspace of SHARED) {
  const { name, main } = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8'));
  const entry = path.join(outDir, workspace, main.replace(/\.ts$/, '.js'));
  const shim = path.join(outDir, 'node_modules', name, 'index.js');
  mkdirSync(path.dirname(shim), { recursive: true });
  writeFileSync(shim, `module.exports = require(${JSON.stringify(path.relative(path.dirname(shim), entry))});\n`);
}
console.info(`compiled to ${path.relative(root, outDir) || '.'}`);
