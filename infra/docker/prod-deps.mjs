#!/usr/bin/env node
// The production dependencies of one deployable, for the image's last stage
// (infra/docker/Dockerfile; infra/test/image.test.ts runs the same step outside Docker):
//   node infra/docker/prod-deps.mjs <targetDir> <workspace> [--offline]
// copies package.json, package-lock.json and every workspace's package.json into <targetDir> (npm
// checks the lockfile against all of them) and runs `npm ci --omit=dev -w <workspace>` there: that
// workspace's dependencies and its shared packages' (service-kit's amqplib, mongoose, …), no
// TypeScript, tsx, jest or webpack. The workspace links (@lakorn/*) are removed: the compiled
// code finds the compiled packages in dist/server/node_modules (compile.mjs).
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const [target, workspace] = process.argv.slice(2);
if (!target || !workspace) {
  console.error('usage: node infra/docker/prod-deps.mjs <targetDir> <workspace> [--offline]');
  process.exit(2);
}
const targetDir = path.resolve(target);
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
if (!workspaces.includes(workspace)) {
  console.error(`${workspace} is not a workspace of package.json`);
  process.exit(2);
}
for (const file of ['package.json', 'package-lock.json', ...workspaces.map((w) => `${w}/package.json`)]) {
  mkdirSync(path.dirname(path.join(targetDir, file)), { recursive: true });
  copyFileSync(path.join(root, file), path.join(targetDir, file));
}
// The root's postinstall runs patch-package, a dev dependency absent here: drop it from the copy
// and apply patches/ (patches/README.md: the database driver's fix) with the build's patch-package.
const rootManifest = JSON.parse(readFileSync(path.join(targetDir, 'package.json'), 'utf8'));
delete rootManifest.scripts?.postinstall;
writeFileSync(path.join(targetDir, 'package.json'), `${JSON.stringify(rootManifest, null, 2)}\n`);
cpSync(path.join(root, 'patches'), path.join(targetDir, 'patches'), { recursive: true });
const args = ['ci', '--omit=dev', '--no-audit', '--no-fund', '--workspace', workspace];
if (process.argv.includes('--offline')) args.push('--offline');
const npm = spawnSync('npm', args, { cwd: targetDir, stdio: 'inherit' });
if (npm.status !== 0) {
  console.error(`npm ${args.join(' ')} failed (exit ${npm.status ?? npm.signal})`);
  process.exit(1);
}
const patched = spawnSync(process.execPath, [path.join(root, 'node_modules', 'patch-package', 'index.js'), '--error-on-fail'], { cwd: targetDir, stdio: 'inherit' });
if (patched.status !== 0) {
  console.error(`patch-package failed (exit ${patched.status ?? patched.signal})`);
  process.exit(1);
}
rmSync(path.join(targetDir, 'node_modules', '@lakorn'), { recursive: true, force: true });
