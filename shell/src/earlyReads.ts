// The start's first two reads, asked for as main.js runs, before the shell's libraries have loaded
// (bench/README.md "lighthouse"): who is signed in and where the remotes are. They would otherwise
// wait for every chunk of the start to arrive and run. No imports: this runs before the federation
// has shared anything. Each is taken once; a failed or refused one is asked again the usual way.

function ask(path: string, init: RequestInit): Promise<Response | null> {
  return fetch(path, init).catch(() => null);
}

const reads: { session?: Promise<Response | null>; remotes?: Promise<Response | null> } = {};

export function startEarlyReads(): void {
  reads.session = ask('/api/auth/session', { credentials: 'include', headers: { Accept: 'application/json' } });
  reads.remotes = ask('/remotes.json', { credentials: 'same-origin', cache: 'no-cache' });
}

/** Whether the early session read says someone is signed in (it is not taken: the session still reads it). */
export async function earlySignedIn(): Promise<boolean> {
  const read = reads.session;
  return read ? (await read)?.ok === true : false;
}

/** The early read's answer if it was asked for and answered OK (once); null otherwise. */
export async function takeEarlyRead(name: keyof typeof reads): Promise<Response | null> {
  const read = reads[name];
  delete reads[name];
  const response = read ? await read : null;
  return response?.ok ? response : null;
}
