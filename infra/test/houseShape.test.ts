import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

// README "One service shape": every service is laid out the same way, so a newcomer who knows one
// knows all five.
const root = path.resolve(__dirname, '../..');
const services = readdirSync(path.join(root, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SRC = ['app.ts', 'config.ts', 'data/', 'domain/', 'events/', 'main.ts', 'routes/', 'service.ts'];

const listing = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
    .sort();

describe('one service shape', () => {
  test('there are five services', () => {
    expect(services.sort()).toEqual(['catalog', 'chat', 'checkin', 'identity', 'wallet']);
  });

  test.each(services)('%s: src/ holds exactly the shared top-level files and folders', (name) => {
    expect(listing(path.join(root, 'services', name, 'src'))).toEqual(SRC);
  });

  test.each(services)('%s: has a README, one map of domain errors and one consumer registry', (name) => {
    const dir = path.join(root, 'services', name);
    expect(existsSync(path.join(dir, 'README.md'))).toBe(true);
    expect(existsSync(path.join(dir, 'src/routes/errors.ts'))).toBe(true);
    expect(existsSync(path.join(dir, 'src/domain/errors.ts'))).toBe(true);
    expect(existsSync(path.join(dir, 'src/events/consumers.ts'))).toBe(true);
    expect(existsSync(path.join(dir, 'src/data/models.ts'))).toBe(true);
  });

  test.each(services)('%s: tests build the service through test/support/harness.ts', (name) => {
    expect(existsSync(path.join(root, 'services', name, 'test/support/harness.ts'))).toBe(true);
  });
});
