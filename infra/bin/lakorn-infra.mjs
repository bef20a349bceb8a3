#!/usr/bin/env node
// Entry point of the local infrastructure runner once npm packages are installed.
// `infra/bootstrap.mjs` (no dependencies) installs what is missing and then calls this.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const tsxCli = require.resolve('tsx/cli');
const child = spawn(process.execPath, [tsxCli, path.join(here, '..', 'src', 'cli.ts'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
// Ctrl-C reaches the runner directly (same terminal group); wait for it to stop what it started.
process.on('SIGINT', () => {});
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
