import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { formatLogLine, formatPrefix, type FormatOptions } from './log';

export type LineSink = (lines: string[]) => void;

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ManagedProcessOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Where the formatted lines go (stdout for `npm start`, a file for e2e). */
  sink: LineSink;
  format?: FormatOptions;
  /** Parse pino JSON lines (services); off for tools such as webpack. */
  pino?: boolean;
}

const TAIL_LINES = 40;

/**
 * A child the runner owns: its own process group (so stopping it also stops what tsx or npm
 * started under it, and a Ctrl-C in the terminal reaches the runner alone, which then stops the
 * children in order), every output line prefixed, the last lines kept for error messages.
 */
export class ManagedProcess {
  readonly name: string;
  readonly exited: Promise<ProcessExit>;
  private readonly child: ChildProcess;
  private readonly recent: string[] = [];
  private exit: ProcessExit | undefined;

  constructor(options: ManagedProcessOptions) {
    this.name = options.name;
    this.child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const onLine = (line: string) => {
      this.recent.push(line);
      if (this.recent.length > TAIL_LINES) this.recent.shift();
      options.sink(
        options.pino === false ? [`${formatPrefix(options.name, options.format)} ${line}`] : formatLogLine(options.name, line, options.format),
      );
    };
    for (const stream of [this.child.stdout, this.child.stderr]) {
      if (stream) createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine);
    }
    this.exited = new Promise((resolve) => {
      this.child.once('error', (error) => {
        onLine(`could not start ${options.command}: ${error.message}`);
        this.exit = { code: 127, signal: null };
        resolve(this.exit);
      });
      // 'close' (not 'exit') so every output line has been read first.
      this.child.once('close', (code, signal) => {
        this.exit ??= { code, signal };
        resolve(this.exit);
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.exit === undefined;
  }

  /** The last lines the process wrote, raw. */
  tail(): string[] {
    return [...this.recent];
  }

  /** A signal to the process group now (the chaos suite's SIGKILL). */
  kill(signal: NodeJS.Signals): void {
    this.signalGroup(signal);
  }

  /** SIGTERM to the process group, then SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000): Promise<ProcessExit> {
    if (!this.running) return this.exited;
    this.signalGroup('SIGTERM');
    const timer = setTimeout(() => this.signalGroup('SIGKILL'), graceMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }

  private signalGroup(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // The group is already gone.
    }
  }
}

export function describeExit(exit: ProcessExit): string {
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}

/**
 * Runs a tool in the foreground with the terminal's stdio (jest, tsc and eslint keep their
 * colours); `done` resolves with its exit code, `child` lets a signal handler stop it.
 */
export function runInForeground(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): { child: ChildProcess; done: Promise<number> } {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: 'inherit' });
  const done = new Promise<number>((resolve) => {
    child.once('error', (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.once('close', (code, signal) => resolve(code ?? (signal ? 128 + (signalNumber(signal) ?? 0) : 1)));
  });
  return { child, done };
}

function signalNumber(signal: NodeJS.Signals): number | undefined {
  return ({ SIGINT: 2, SIGKILL: 9, SIGTERM: 15 } as Partial<Record<NodeJS.Signals, number>>)[signal];
}
