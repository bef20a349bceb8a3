import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import {
  SERVICES,
  SERVICE_PORTS,
  processEnv,
  reachableHost,
  readRunnerEnv,
  type ProcessName,
  type ResolvedStack,
  type RunnerVariable,
  type ServiceName,
} from './config';
import { sleep } from './ferretdb';
import { ensureInfrastructure, type Infrastructure } from './infrastructure';
import { onShutdown } from './lifecycle';
import { sessionKeys } from './keys';
import { say, useColor } from './log';
import { repoPaths } from './paths';
import { describeListener, freePorts, portInUse } from './ports';
import { ManagedProcess, describeExit, type LineSink, type ProcessExit } from './processes';
import { deleteNamespace } from './rabbitmq';
import { deleteBrokerUsers, describeBrokerUsers, ensureBrokerUsers, type BrokerUsersOutcome } from './brokerUsers';
import { DEFAULT_RESTART, crashBudget, crashCounter, type RestartPolicy } from './restarts';
import { FRONT_ENDS, buildFrontEnds, buildsFailed } from './webBuild';

export interface StackOptions {
  /** Repository root (tests point it at a tree of small fake services). */
  root?: string;
  /** The parent environment; user settings in it pass through. Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /**
   * An isolated stack (e2e): free ports, a unique MONGODB_DB_PREFIX and BUS_NAMESPACE, its
   * databases and broker objects removed on stop. Otherwise the fixed ports of `npm start`.
   */
  isolated?: boolean;
  /** Gateway port; default PORT (8080), or a free port when isolated. */
  gatewayPort?: number;
  /** Values of the variable table for every process, over everything else. */
  overrides?: Partial<Record<RunnerVariable, string>>;
  /** Extra environment for one process. */
  processEnv?: Partial<Record<ProcessName, Record<string, string>>>;
  /** Build the front ends first (skipped when up to date). Default true. */
  buildWeb?: boolean;
  /** Database and broker already prepared; default: ensureInfrastructure (owned by the stack). */
  infrastructure?: Infrastructure;
  /** Where process output goes; default stdout. */
  sink?: LineSink;
  /** How long services and the gateway may take to be ready. Default 120 s. */
  readyTimeoutMs?: number;
  /**
   * What to do when a service or the gateway dies after start: start it again after a short,
   * growing pause, and give up (resolving `died`) after `maxCrashes` within `windowMs`.
   * `false` gives up at the first death. Default: 5 crashes in 60 s, first pause 250 ms.
   */
  restart?: false | Partial<RestartPolicy>;
}


export interface StackExit {
  name: ProcessName;
  exit: ProcessExit;
  tail: string[];
  /** How often it had died within the restart window, this death included. */
  crashes: number;
}

export interface Stack {
  url: string;
  gatewayPort: number;
  servicePorts: Record<ServiceName, number>;
  mongodbUrl: string;
  amqpUrl: string;
  dbPrefix: string;
  busNamespace: string;
  /** Resolves when a process keeps dying while the stack runs, and the runner gives up on it (not during stop()). */
  died: Promise<StackExit>;
  /** Resolves with the reason when the FerretDB the runner started keeps dying (Infrastructure.died). */
  infrastructureDied: Promise<string>;
  /** Sends a signal to a running service or the gateway (bench/chaos); it is restarted by the policy. */
  kill(name: ProcessName, signal?: NodeJS.Signals): boolean;
  /**
   * Stops a service or the gateway (SIGTERM) and starts it again with `env` added to its
   * environment, as an operator who changed its settings (ADMIN_EMAILS, say) restarts it; not
   * counted as a crash. Resolves when it is ready again.
   */
  restartWith(name: ProcessName, env: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

/** Parts of the system that are not in the tree yet. */
export class MissingPartsError extends Error {
  override name = 'MissingPartsError';
  constructor(readonly missing: string[]) {
    super(`These parts of Lakorn do not exist yet, so the stack cannot start:\n${missing.map((m) => `  - ${m}`).join('\n')}`);
  }
}

export class StackStartError extends Error {
  override name = 'StackStartError';
}

const TSX_CLI = require.resolve('tsx/cli');

/**
 * Starts the five services and then the gateway (ARCHITECTURE §10), waits for every /readyz and
 * the gateway's /healthz, and returns the URL. Used by `npm start` and by the e2e global setup.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  /** Environment an operator's restart added, per process (restartWith); kept for later restarts. */
  const changedEnv = new Map<ProcessName, Record<string, string>>();
  /** Processes being restarted on purpose: their exit is not a crash. */
  const restarting = new Set<ProcessName>();
  const paths = repoPaths(options.root);
  const parentEnv = options.env ?? process.env;
  const settings = readRunnerEnv(parentEnv);
  const buildWeb = options.buildWeb ?? true;

  const entries: Record<ProcessName, string> = {
    ...(Object.fromEntries(SERVICES.map((s) => [s, paths.serviceEntry(s)])) as Record<ServiceName, string>),
    gateway: paths.gatewayEntry,
  };

  const servicePorts = { ...SERVICE_PORTS };
  let gatewayPort = options.gatewayPort ?? settings.PORT;
  if (options.isolated) {
    // One draw for all six, so no two processes are given the same port.
    const ports = await freePorts(SERVICES.length + 1);
    SERVICES.forEach((service, i) => (servicePorts[service] = ports[i] as number));
    if (options.gatewayPort === undefined) gatewayPort = ports[SERVICES.length] as number;
  } else {
    const taken: string[] = [];
    for (const [name, port] of [...Object.entries(servicePorts), ['gateway', gatewayPort] as const]) {
      if (await portInUse(port)) {
        const holder = describeListener(port);
        taken.push(`  ${port} (${name}): ${holder ? `taken by ${holder}` : 'taken'}`);
      }
    }
    if (taken.length > 0) {
      throw new StackStartError(
        `These ports are already in use:\n${taken.join('\n')}\nIs Lakorn already running (another npm start)? Stop it, or set PORT for the gateway.`,
      );
    }
  }

  const suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dbPrefix = options.overrides?.MONGODB_DB_PREFIX ?? (options.isolated ? `stack_${suffix}_` : settings.MONGODB_DB_PREFIX);
  const busNamespace = options.overrides?.BUS_NAMESPACE ?? (options.isolated ? `stack-${suffix}` : settings.BUS_NAMESPACE);
  const url = `http://localhost:${gatewayPort}`;
  const reach = reachableHost(settings.HOST);

  const ownsInfrastructure = options.infrastructure === undefined;
  const infrastructure = options.infrastructure ?? (await ensureInfrastructure(settings, paths));
  const processes: ManagedProcess[] = [];
  let launch: ((name: ProcessName) => ManagedProcess) | undefined;
  const sink = options.sink ?? ((lines: string[]) => lines.forEach((line) => process.stdout.write(`${line}\n`)));
  const probeOf = (name: ProcessName) => (name === 'gateway' ? `http://${reach}:${gatewayPort}/healthz` : `http://${reach}:${servicePorts[name]}/readyz`);
  let stopping = false;
  let stopped: Promise<void> | undefined;
  let brokerUsers: BrokerUsersOutcome | undefined;

  async function stopAll(): Promise<void> {
    stopping = true;
    unregister();
    // Gateway first, so no request reaches a service that is going away.
    await processes.find((p) => p.name === 'gateway')?.stop();
    await Promise.all(processes.map((p) => p.stop()));
    if (options.isolated) await removeIsolatedData(infrastructure, dbPrefix, busNamespace);
    if (options.isolated && brokerUsers?.kind === 'per-service') {
      await deleteBrokerUsers(brokerUsers.accounts).catch((error: Error) => say(`could not delete the stack's broker users: ${error.message}`));
    }
    if (ownsInfrastructure) await infrastructure.stop();
  }
  const stop = (): Promise<void> => (stopped ??= stopAll());
  // Ctrl-C while starting (building, waiting for /readyz) stops what was started so far.
  const unregister = onShutdown(stop);

  try {
    const keys = await sessionKeys(settings, paths.keysDir);
    // All missing parts at once, before minutes of front-end builds.
    const missing = Object.values(entries).filter((file) => !existsSync(file));
    if (buildWeb) {
      missing.push(...FRONT_ENDS.map((fe) => path.join(paths.root, fe, 'webpack.config.js')).filter((file) => !existsSync(file)));
    }
    if (missing.length > 0) throw new MissingPartsError(missing.map((file) => path.relative(paths.root, file)));
    if (buildWeb) {
      const failed = buildsFailed(await buildFrontEnds({ root: paths.root, sink: options.sink }));
      if (failed.length > 0) {
        throw new StackStartError(
          `Front-end build failed: ${failed.map((r) => `${r.frontEnd} (${r.detail ?? r.status})`).join(', ')}`,
        );
      }
    }

    // One broker user per service, publishing only its own events (ARCHITECTURE §4).
    brokerUsers = await ensureBrokerUsers({
      amqpUrl: infrastructure.amqpUrl,
      namespace: busNamespace,
      dataDir: options.isolated ? undefined : path.join(paths.root, '.data'),
      mode: settings.BROKER_USERS,
    });
    say(describeBrokerUsers(brokerUsers, busNamespace, infrastructure.amqpUrl));
    const resolved: ResolvedStack = {
      mongodbUrl: infrastructure.mongodbUrl,
      amqpUrl: infrastructure.amqpUrl,
      serviceAmqpUrls: brokerUsers.kind === 'per-service' ? brokerUsers.urls : undefined,
      sessionKeys: keys,
      servicePorts,
      gatewayPort,
      webRoot: paths.root,
    };
    const overrides: Partial<Record<RunnerVariable, string>> = {
      MONGODB_DB_PREFIX: dbPrefix,
      BUS_NAMESPACE: busNamespace,
      ...(options.isolated
        ? {
            PUBLIC_URL: url,
            IDENTITY_URL: `http://${reach}:${servicePorts.identity}`,
            CATALOG_URL: `http://${reach}:${servicePorts.catalog}`,
            CHAT_URL: `http://${reach}:${servicePorts.chat}`,
            WALLET_URL: `http://${reach}:${servicePorts.wallet}`,
            CHECKIN_URL: `http://${reach}:${servicePorts.checkin}`,
          }
        : {}),
      ...options.overrides,
    };
    const format = { width: '[identity]'.length, color: options.sink ? false : useColor() };
    launch = (name: ProcessName) => {
      const child = new ManagedProcess({
        name,
        command: process.execPath,
        args: [TSX_CLI, entries[name]],
        cwd: paths.root,
        env: processEnv(name, settings, resolved, parentEnv, overrides, { ...options.processEnv?.[name], ...changedEnv.get(name) }),
        sink,
        format,
      });
      processes.push(child);
      return child;
    };

    const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
    const started = launch;
    await Promise.all(SERVICES.map((service) => waitUntilReady(started(service), probeOf(service), deadline)));
    await waitUntilReady(started('gateway'), probeOf('gateway'), deadline);
  } catch (error) {
    await stop();
    throw error;
  }

  // A process that dies is started again, so one crash does not take the whole product down
  // (infra/README.md, "Processes"); one that keeps crashing is given up on, and `died` says which.
  const policy: RestartPolicy | undefined = options.restart === false ? undefined : { ...DEFAULT_RESTART, ...options.restart };
  const notice = (line: string) => sink([`[lakorn] ${line}`]);
  const counters = new Map<ProcessName, ReturnType<typeof crashCounter>>();
  const died = new Promise<StackExit>((resolve) => {
    const supervise = (child: ManagedProcess) => {
      void child.exited.then(async (exit) => {
        if (stopping) return;
        const name = child.name as ProcessName;
        if (restarting.has(name) && launch) {
          restarting.delete(name);
          notice(`${name} stopped to start again with changed settings`);
          processes.splice(processes.indexOf(child), 1);
          supervise(launch(name));
          return;
        }
        if (!policy || !launch) {
          resolve({ name, exit, tail: child.tail(), crashes: 1 });
          return;
        }
        if (!counters.has(name)) counters.set(name, crashCounter(policy));
        const { crashes, delayMs, giveUp } = counters.get(name)!();
        if (giveUp) {
          resolve({ name, exit, tail: child.tail(), crashes });
          return;
        }
        notice(`${name} ${describeExit(exit)} unexpectedly; starting it again in ${delayMs} ms (${crashBudget(crashes, policy)})`);
        await sleep(delayMs);
        if (stopping) return;
        processes.splice(processes.indexOf(child), 1);
        const next = launch(name);
        supervise(next);
        const since = Date.now();
        waitUntilReady(next, probeOf(name), Date.now() + (options.readyTimeoutMs ?? 120_000)).then(
          () => notice(`${name} is ready again (${((Date.now() - since) / 1000).toFixed(1)} s after its restart)`),
          () => undefined, // it died again or never answered: its exit is handled above
        );
      });
    };
    for (const child of processes) supervise(child);
  });

  return {
    url,
    gatewayPort,
    servicePorts,
    mongodbUrl: infrastructure.mongodbUrl,
    amqpUrl: infrastructure.amqpUrl,
    dbPrefix,
    busNamespace,
    died,
    infrastructureDied: infrastructure.died,
    kill: (name, signal = 'SIGKILL') => {
      const child = processes.find((p) => p.name === name && p.running);
      child?.kill(signal);
      return child !== undefined;
    },
    restartWith: async (name, env) => {
      const child = processes.find((p) => p.name === name && p.running);
      if (!child) throw new Error(`${name} is not running`);
      changedEnv.set(name, { ...changedEnv.get(name), ...env });
      restarting.add(name);
      child.kill('SIGTERM');
      await child.exited;
      // supervise() has started the next one by now (same turn as the exit).
      const next = processes.find((p) => p.name === name && p !== child);
      if (!next) throw new Error(`${name} was not started again`);
      await waitUntilReady(next, probeOf(name), Date.now() + (options.readyTimeoutMs ?? 120_000));
    },
    stop,
  };
}

/** Polls `probe` until it answers 200; fails at once, with the process's last lines, if it exits. */
async function waitUntilReady(child: ManagedProcess, probe: string, deadline: number): Promise<void> {
  let last = 'no answer yet';
  while (child.running) {
    try {
      const response = await fetch(probe, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      last = `${response.status} ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      last = (error as Error).message;
    }
    if (Date.now() > deadline) {
      throw new StackStartError(`${child.name} was not ready in time: ${probe} answered ${last}\n${indentTail(child.tail())}`);
    }
    await sleep(250);
  }
  const exit = await child.exited;
  throw new StackStartError(`${child.name} ${describeExit(exit)} before it was ready. Its last lines:\n${indentTail(child.tail())}`);
}

function indentTail(lines: string[]): string {
  return lines.length === 0 ? '  (no output)' : lines.slice(-20).map((line) => `  ${line}`).join('\n');
}

/** Drops the stack's databases and broker objects (best effort: failures are reported, not thrown). */
async function removeIsolatedData(infrastructure: Infrastructure, dbPrefix: string, busNamespace: string): Promise<void> {
  const client = new MongoClient(infrastructure.mongodbUrl, { serverSelectionTimeoutMS: 5_000 });
  try {
    const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
    for (const { name } of databases) {
      if (name.startsWith(dbPrefix)) await client.db(name).dropDatabase();
    }
  } catch (error) {
    say(`could not drop the stack's databases (${dbPrefix}*): ${(error as Error).message}`);
  } finally {
    await client.close().catch(() => undefined);
  }
  await deleteNamespace(infrastructure.amqpUrl, busNamespace).catch((error: Error) =>
    say(`could not remove the stack's queues (${busNamespace}.*): ${error.message}`),
  );
}
