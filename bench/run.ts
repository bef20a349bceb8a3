// Runs one benchmark by name: `npm run bench -w bench -- catalog/discover` runs
// ./catalog/discover.bench.ts. Each benchmark documents its settings in bench/README.md.
import path from 'node:path';
import { existsSync, readdirSync } from 'node:fs';

const name = process.argv[2];
function available(dir = __dirname, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory() && entry.name !== 'node_modules') return available(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    return entry.name.endsWith('.bench.ts') ? [`${prefix}${entry.name.replace(/\.bench\.ts$/, '')}`] : [];
  });
}
const file = name ? path.join(__dirname, `${name}.bench.ts`) : '';
if (!name || !existsSync(file)) {
  console.error(`usage: npm run bench -w bench -- <name>\navailable: ${available().join(', ')}`);
  process.exit(2);
}
void import(file);
