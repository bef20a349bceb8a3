import { startFerretDb, pingMongo, type OwnedProcess } from '../src/ferretdb';
import { repoPaths } from '../src/paths';
import { freePort } from '../src/ports';
import { chooseFerretBackend } from '../src/postgres';
import { readRunnerEnv } from '../src/config';
import { supervise, type Supervised } from '../src/restarts';

// infra/README.md "Processes": the runner starts FerretDB again when it dies, as it does a
// service, and gives up with a clear reason when it keeps dying. A real FerretDB on its own port.
jest.setTimeout(120_000);

let ferret: Supervised<OwnedProcess> | undefined;
afterAll(async () => {
  await ferret?.stop();
});

test('a FerretDB killed with SIGKILL is started again and answers on its port; one that keeps dying is given up on', async () => {
  const backend = await chooseFerretBackend(readRunnerEnv());
  const port = await freePort();
  const url = `mongodb://127.0.0.1:${port}/?directConnection=true&retryWrites=false`;
  const start = () => startFerretDb(repoPaths(), backend, { host: '127.0.0.1', port }, 60_000, { logName: 'ferretdb-restart-test.log' });
  const lines: string[] = [];
  ferret = supervise('FerretDB', await start(), start, { maxCrashes: 1, windowMs: 60_000, firstDelayMs: 50 }, (line) => lines.push(line));

  const first = ferret.current().pid;
  process.kill(first, 'SIGKILL');
  const deadline = Date.now() + 60_000;
  while (!lines.some((line) => line.startsWith('FerretDB is ready again')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(lines[0]).toBe('FerretDB was killed by SIGKILL unexpectedly; starting it again in 50 ms (crash 1 of 1 allowed in 60 s)');
  expect(ferret.current().pid).not.toBe(first);
  expect(await pingMongo(url)).toBe(true);

  // A second death within the window is over the budget of one: given up, with the reason.
  process.kill(ferret.current().pid, 'SIGKILL');
  await expect(ferret.died).resolves.toBe('FerretDB was killed by SIGKILL again: it died 2 times within 60 s, so the runner gave up on it');
});
