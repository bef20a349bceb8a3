import fs from 'node:fs';
import path from 'node:path';

// The shared 'react-router-dom' singleton is a module naming the parts Lakorn uses
// (infra/webpack/react-router-dom.shared.mjs): a name a front end imports but the module lacks
// would be undefined in the browser, with no build or type error to say so.
const root = path.resolve(__dirname, '../..');
const BROWSER_DIRS = ['shell', 'mf-discover', 'mf-chat', 'mf-wallet', 'mf-news', 'mf-admin', 'packages/ui', 'packages/shell-sdk'].map((d) => path.join(root, d, 'src'));

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.[jt]sx?$/.test(entry.name) ? [full] : [];
  });
}

function importedNames(file: string, from: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const names: string[] = [];
  for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    if (match[3] !== from || match[1]) continue;
    for (const part of (match[2] ?? '').split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0] as string);
    }
  }
  return names;
}

describe('the shared react-router-dom module', () => {
  const facade = fs.readFileSync(path.join(root, 'infra/webpack/react-router-dom.shared.mjs'), 'utf8');
  const exported = new Set([...(facade.match(/export\s*\{([^}]*)\}/)?.[1] ?? '').matchAll(/\w+/g)].map((m) => m[0]));

  it('exports every name the browser code imports from react-router-dom', () => {
    const used = new Set(BROWSER_DIRS.flatMap(sources).flatMap((file) => importedNames(file, 'react-router-dom')));
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((name) => !exported.has(name))).toEqual([]);
  });

  it('is what shared.js shares as react-router-dom, a singleton', () => {
    const shared = require(path.join(root, 'infra/webpack/shared.js')) as Record<string, { import?: string; singleton?: boolean }>;
    expect(shared['react-router-dom']).toMatchObject({ singleton: true, import: path.join(root, 'infra/webpack/react-router-dom.shared.mjs') });
  });
});
