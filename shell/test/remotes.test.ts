import { loadRemoteComponent } from '../src/mf/remotes';

// The shell's share scope as webpack's runtime would fill it (src/mf/remotes.ts).
const shareScope = { react: { '19.3.1': {} } };
const initSharing = jest.fn(async () => undefined);
Object.assign(globalThis, { __webpack_init_sharing__: initSharing, __webpack_share_scopes__: { default: shareScope } });

/** What the gateway serves: /remotes.json, and mf-discover's manifest naming its current entry. */
let currentEntry = 'remoteEntry.aaaa1111.js';
/** Entry URLs that answer as a failed script load. */
const failing = new Set<string>();
const scripts: string[] = [];
const inits: unknown[] = [];
const gets: string[] = [];

beforeAll(() => {
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/remotes.json')) {
      return new Response(JSON.stringify({ mf_discover: '/remotes/mf-discover/mf-manifest.json', mf_wallet: '/remotes/mf-wallet/mf-manifest.json' }), { status: 200 });
    }
    return new Response(JSON.stringify({ metaData: { remoteEntry: { name: currentEntry } } }), { status: 200 });
  }) as typeof fetch;
  // A script the loader adds runs as the browser would: its entry defines the container, or fails.
  new MutationObserver((records) => {
    for (const node of records.flatMap((r) => [...r.addedNodes])) {
      if (!(node instanceof HTMLScriptElement)) continue;
      scripts.push(node.src);
      if (failing.has(node.src)) {
        node.dispatchEvent(new Event('error'));
        continue;
      }
      const from = node.src;
      // The entry defines its container as a global of the remote's name (/remotes/mf-wallet/… → mf_wallet).
      const name = (/\/remotes\/([\w-]+)\//.exec(from)?.[1] ?? '').replace(/-/g, '_');
      (window as unknown as Record<string, unknown>)[name] = {
        init: (scope: unknown) => inits.push(scope),
        get: async (module: string) => {
          gets.push(module);
          return () => ({ default: { from, module } });
        },
      };
      node.dispatchEvent(new Event('load'));
    }
  }).observe(document.head, { childList: true });
});

beforeEach(() => {
  scripts.length = 0;
  inits.length = 0;
  gets.length = 0;
});

const entry = (name: string) => `http://localhost/remotes/mf-discover/${name}`;

describe("a page's remote, a webpack container found by its manifest (ARCHITECTURE §9)", () => {
  test('loaded once for the early start and the page that renders it, and given the shell’s share scope', async () => {
    const early = loadRemoteComponent('mf_discover', './App', false);
    const page = loadRemoteComponent('mf_discover', './App', false);
    expect(page).toBe(early);
    await expect(page).resolves.toEqual({ default: { from: entry('remoteEntry.aaaa1111.js'), module: './App' } });
    expect(scripts).toEqual([entry('remoteEntry.aaaa1111.js')]);
    expect(inits).toEqual([shareScope]);
    expect(initSharing).toHaveBeenCalledWith('default');
    // A second module of the same remote uses the same container: no second entry.
    await loadRemoteComponent('mf_discover', './Widget', false);
    expect(scripts).toHaveLength(1);
    expect(gets).toEqual(['./App', './Widget']);
  });

  test('two modules of a remote asked for at once wait for one container: its entry runs once', async () => {
    const [topUp, promo] = await Promise.all([loadRemoteComponent('mf_wallet', './TopUpPanel', false), loadRemoteComponent('mf_wallet', './PromoCodePanel', false)]);
    expect([topUp.default, promo.default]).toEqual([
      { from: 'http://localhost/remotes/mf-wallet/remoteEntry.aaaa1111.js', module: './TopUpPanel' },
      { from: 'http://localhost/remotes/mf-wallet/remoteEntry.aaaa1111.js', module: './PromoCodePanel' },
    ]);
    expect(scripts).toEqual(['http://localhost/remotes/mf-wallet/remoteEntry.aaaa1111.js']);
  });

  test('a retry with the entry unchanged asks the container again without loading it again', async () => {
    await loadRemoteComponent('mf_discover', './App', true);
    expect(scripts).toEqual([]);
    expect(gets).toEqual(['./App']);
  });

  test('a retry after the remote deployed loads its new entry', async () => {
    currentEntry = 'remoteEntry.bbbb2222.js';
    await expect(loadRemoteComponent('mf_discover', './App', true)).resolves.toEqual({
      default: { from: entry('remoteEntry.bbbb2222.js'), module: './App' },
    });
    expect(scripts).toEqual([entry('remoteEntry.bbbb2222.js')]);
  });

  test('an entry that failed to load is forgotten: the next page asks again', async () => {
    currentEntry = 'remoteEntry.cccc3333.js';
    failing.add(entry(currentEntry));
    await expect(loadRemoteComponent('mf_discover', './Other', true)).rejects.toThrow('did not load');
    await expect(loadRemoteComponent('mf_discover', './Other', false)).rejects.toThrow('did not load');
    failing.clear();
    await expect(loadRemoteComponent('mf_discover', './Other', false)).resolves.toEqual({
      default: { from: entry('remoteEntry.cccc3333.js'), module: './Other' },
    });
    // Every failed script was taken out of the page again.
    expect([...document.head.querySelectorAll('script')].filter((s) => s.src === entry(currentEntry))).toHaveLength(1);
  });
});
