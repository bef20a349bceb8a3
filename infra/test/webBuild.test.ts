import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { STAMP_FILE, buildFrontEnds, isBuildFresh, type BuildOptions } from '../src/webBuild';

/**
 * A throwaway repository with one front end `web`, and a webpack stand-in that writes dist/ and
 * records each run, so the staleness rules can be watched without a real webpack build.
 */
let root: string;
let runs: string;
const silent = () => undefined;

function fakeWebpack(exitCode = 0): NonNullable<BuildOptions['webpack']> {
  const script = `
    const fs = require('node:fs'); const path = require('node:path');
    const fe = process.argv[1];
    fs.appendFileSync(process.env.RUNS_FILE, fe + '\\n');
    if (${exitCode} !== 0) { console.error('compile error in ' + fe); process.exit(${exitCode}); }
    fs.rmSync(path.join(fe, 'dist'), { recursive: true, force: true });
    fs.mkdirSync(path.join(fe, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(fe, 'dist', 'main.js'), 'built');`;
  return { command: process.execPath, args: (fe) => ['-e', script, fe] };
}

async function build(options: Partial<BuildOptions> = {}) {
  return buildFrontEnds({ root, frontEnds: ['web'], sink: silent, webpack: fakeWebpack(), ...options });
}

async function runCount(): Promise<number> {
  const text = await fs.readFile(runs, 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).length;
}

/** Moves a file's mtime forward, as an editor save does. */
async function touch(file: string, secondsAhead = 5): Promise<void> {
  const later = new Date(Date.now() + secondsAhead * 1000);
  await fs.utimes(file, later, later);
}

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'lakorn-build-'));
  runs = path.join(root, 'runs.txt');
  process.env.RUNS_FILE = runs;
  await fs.mkdir(path.join(root, 'web', 'src'), { recursive: true });
  await fs.mkdir(path.join(root, 'packages', 'ui', 'src'), { recursive: true });
  await fs.writeFile(path.join(root, 'web', 'webpack.config.js'), 'module.exports = {};');
  await fs.writeFile(path.join(root, 'web', 'src', 'index.ts'), 'export {};');
  await fs.writeFile(path.join(root, 'packages', 'ui', 'src', 'Button.tsx'), 'export {};');
  await fs.writeFile(path.join(root, 'package-lock.json'), '{}');
});

afterEach(async () => {
  delete process.env.RUNS_FILE;
  await fs.rm(root, { recursive: true, force: true });
});

describe('front-end builds: skipped when nothing changed, rebuilt when anything did', () => {
  it('builds the first time and skips the second run when no input changed', async () => {
    expect((await build())[0]?.status).toBe('built');
    expect(await fs.readFile(path.join(root, 'web', 'dist', STAMP_FILE), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect((await build())[0]?.status).toBe('fresh');
    expect(await runCount()).toBe(1);
  });

  it('rebuilds after a source file under src/ changes', async () => {
    await build();
    await touch(path.join(root, 'web', 'src', 'index.ts'));
    expect((await build())[0]?.status).toBe('built');
    expect(await runCount()).toBe(2);
  });

  it('rebuilds after the webpack config changes', async () => {
    await build();
    await fs.writeFile(path.join(root, 'web', 'webpack.config.js'), 'module.exports = { mode: "production" };');
    expect(await isBuildFresh(root, 'web')).toBe(false);
  });

  it('rebuilds after a shared package (packages/ui) changes', async () => {
    await build();
    await fs.writeFile(path.join(root, 'packages', 'ui', 'src', 'Dialog.tsx'), 'export {};');
    expect(await isBuildFresh(root, 'web')).toBe(false);
  });

  it('rebuilds after a file is deleted, or an mtime moves backwards (a checkout of older files)', async () => {
    await fs.writeFile(path.join(root, 'web', 'src', 'old.ts'), 'export {};');
    await build();
    await fs.rm(path.join(root, 'web', 'src', 'old.ts'));
    expect(await isBuildFresh(root, 'web')).toBe(false);
    await build();
    await touch(path.join(root, 'web', 'src', 'index.ts'), -3600);
    expect(await isBuildFresh(root, 'web')).toBe(false);
  });

  it('does not rebuild for a test file, which never reaches the bundle', async () => {
    await build();
    await fs.writeFile(path.join(root, 'web', 'src', 'index.test.ts'), 'it("x", () => {});');
    expect(await isBuildFresh(root, 'web')).toBe(true);
  });

  it('rebuilds when dist/ was removed', async () => {
    await build();
    await fs.rm(path.join(root, 'web', 'dist'), { recursive: true });
    expect((await build())[0]?.status).toBe('built');
  });

  it('reports a failed build and leaves no stamp, so the next run tries again', async () => {
    const reports = await build({ webpack: fakeWebpack(2) });
    expect(reports[0]).toMatchObject({ status: 'failed', detail: 'webpack exited with code 2' });
    await expect(fs.stat(path.join(root, 'web', 'dist', STAMP_FILE))).rejects.toThrow();
    expect((await build())[0]?.status).toBe('built');
  });

  it('reports a front end whose webpack config does not exist yet, and still builds the others', async () => {
    await fs.mkdir(path.join(root, 'other', 'src'), { recursive: true });
    const reports = await build({ frontEnds: ['other', 'web'] });
    expect(reports.map((r) => [r.frontEnd, r.status])).toEqual([
      ['other', 'missing'],
      ['web', 'built'],
    ]);
    expect(reports[0]?.detail).toBe(`no ${path.join('other', 'webpack.config.js')}`);
  });

  it('rebuilds everything when forced', async () => {
    await build();
    expect((await build({ force: true }))[0]?.status).toBe('built');
  });
});
