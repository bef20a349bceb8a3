import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { useSession, useToast } from '../src';
import { member, mockApi, currentLocation, renderWithShell } from '../src/testing';

describe('the test kit: mockApi', () => {
  test('matches METHOD and path without the query, records every call in order, and answers 404 to the rest', async () => {
    const api = mockApi({
      'GET /api/x': { body: { ok: 1 } },
      'POST /api/x': ({ body, url }) => ({ status: 201, body: { got: body, q: url.searchParams.get('q') } }),
      'DELETE /api/x': { status: 204 },
    });
    expect(await (await fetch('/api/x?page=2')).json()).toEqual({ ok: 1 });
    const posted = await fetch('/api/x?q=a', { method: 'POST', body: JSON.stringify({ a: 1 }), headers: { Accept: 'application/json' } });
    expect(posted.status).toBe(201);
    expect(await posted.json()).toEqual({ got: { a: 1 }, q: 'a' });
    expect((await fetch('/api/x', { method: 'DELETE' })).status).toBe(204);
    expect((await fetch('/api/y')).status).toBe(404);
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/x', 'POST /api/x', 'DELETE /api/x', 'GET /api/y']);
    expect(api.callsTo('POST', '/api/x')[0]?.headers.get('accept')).toBe('application/json');
  });

  test('passes a Response through as it is (streams, bytes, headers)', async () => {
    mockApi({ 'GET /api/bytes': new Response(new Uint8Array([1, 2]), { headers: { 'X-Next-Cursor': 'c1' } }) });
    const res = await fetch('/api/bytes');
    expect(res.headers.get('X-Next-Cursor')).toBe('c1');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([1, 2]));
  });
});

describe('the test kit: renderWithShell', () => {
  function Probe() {
    const { profile, status } = useSession();
    const { toast } = useToast();
    return <button onClick={() => toast({ title: 'สวัสดี' })}>{status} {profile?.username ?? '-'}</button>;
  }

  test('gives the page the session, toasts and a router at the path', async () => {
    renderWithShell(<Probe />, { path: '/a?b=1' });
    expect(currentLocation()).toBe('/a?b=1');
    screen.getByRole('button', { name: `signed-in ${member.username}` }).click();
    expect(await screen.findByText('สวัสดี')).toBeInTheDocument();
  });

  test('signed out with null, loading with "loading"', () => {
    mockApi({});
    const { unmount } = renderWithShell(<Probe />, { profile: null });
    expect(screen.getByRole('button')).toHaveTextContent('signed-out -');
    unmount();
    renderWithShell(<Probe />, { profile: 'loading' });
    expect(screen.getByRole('button')).toHaveTextContent('loading -');
  });
});

test('no browser source imports the test kit (it must not reach a bundle)', () => {
  const root = join(__dirname, '../../..');
  const sources = ['shell', 'mf-discover', 'mf-chat', 'mf-wallet', 'mf-news', 'mf-admin', 'packages/ui', 'packages/shell-sdk'].map((w) => join(root, w, 'src'));
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path !== join(root, 'packages/shell-sdk/src/testing')) walk(path);
      } else if (/\.tsx?$/.test(entry.name) && /from '(@lakorn\/shell-sdk\/testing|[./]+\/testing)'/.test(readFileSync(path, 'utf8'))) {
        offenders.push(path);
      }
    }
  };
  sources.forEach(walk);
  expect(offenders).toEqual([]);
});
