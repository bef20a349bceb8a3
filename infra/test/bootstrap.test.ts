import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * infra/bootstrap.mjs decides whether `npm ci` must run. A wrong "yes" deletes and reinstalls
 * node_modules under everyone's feet, a wrong "no" runs the project on stale packages.
 */
const BOOTSTRAP = path.join(__dirname, '..', 'bootstrap.mjs');

function installReason(dir: string): string {
  return execFileSync(
    process.execPath,
    ['--input-type=module', '-e', `import { installReason } from ${JSON.stringify(BOOTSTRAP)}; console.log(String(installReason(${JSON.stringify(dir)})));`],
    { encoding: 'utf8' },
  ).trim();
}

const lock = (packages: Record<string, object>) => JSON.stringify({ lockfileVersion: 3, packages: { '': { name: 'x' }, ...packages } });

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lakorn-bootstrap-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function write(installed: Record<string, object>, wanted: Record<string, object>, lockIsNewer: boolean): Promise<void> {
  await fs.mkdir(path.join(dir, 'node_modules'));
  await fs.writeFile(path.join(dir, 'node_modules', '.package-lock.json'), lock(installed));
  await fs.writeFile(path.join(dir, 'package-lock.json'), lock(wanted));
  const [older, newer] = [new Date(Date.now() - 60_000), new Date()];
  await fs.utimes(path.join(dir, 'package-lock.json'), lockIsNewer ? newer : older, lockIsNewer ? newer : older);
  await fs.utimes(path.join(dir, 'node_modules', '.package-lock.json'), lockIsNewer ? older : newer, lockIsNewer ? older : newer);
}

describe('bootstrap: install npm packages only when node_modules is missing or out of date', () => {
  it('installs when node_modules is missing', async () => {
    await fs.writeFile(path.join(dir, 'package-lock.json'), lock({}));
    expect(installReason(dir)).toBe('node_modules is missing');
  });

  it('does nothing when node_modules was installed after the lockfile was written', async () => {
    await write({ 'node_modules/zod': { version: '4.0.0' } }, { 'node_modules/zod': { version: '4.1.0' } }, false);
    expect(installReason(dir)).toBe('undefined');
  });

  it('does nothing when a newer lockfile lists the same packages (a re-save or a checkout)', async () => {
    const same = { 'node_modules/zod': { version: '4.1.0' }, 'node_modules/@lakorn/ui': { resolved: 'packages/ui', link: true } };
    await write(same, { ...same, 'node_modules/@esbuild/darwin-arm64': { version: '0.25.0', optional: true } }, true);
    expect(installReason(dir)).toBe('undefined');
  });

  it('installs when a newer lockfile changes a version, adds a package, or drops one', async () => {
    await write({ 'node_modules/zod': { version: '4.0.0' } }, { 'node_modules/zod': { version: '4.1.0' } }, true);
    expect(installReason(dir)).toBe('package-lock.json changed since the last install');
    await fs.rm(path.join(dir, 'node_modules'), { recursive: true });
    await write({}, { 'node_modules/zod': { version: '4.1.0' } }, true);
    expect(installReason(dir)).toBe('package-lock.json changed since the last install');
    await fs.rm(path.join(dir, 'node_modules'), { recursive: true });
    await write({ 'node_modules/left-pad': { version: '1.0.0' } }, {}, true);
    expect(installReason(dir)).toBe('package-lock.json changed since the last install');
  });

  it('installs again when a patch in patches/ is newer than the install (postinstall applies it)', async () => {
    await write({ 'node_modules/zod': { version: '4.1.0' } }, { 'node_modules/zod': { version: '4.1.0' } }, false);
    await fs.mkdir(path.join(dir, 'patches'));
    const patch = path.join(dir, 'patches', 'zod+4.1.0.patch');
    await fs.writeFile(patch, '');
    const [older, newer] = [new Date(Date.now() - 120_000), new Date(Date.now() + 60_000)];
    await fs.utimes(patch, older, older);
    expect(installReason(dir)).toBe('undefined');
    await fs.utimes(patch, newer, newer);
    expect(installReason(dir)).toBe('patches/ changed since the last install');
  });
});
