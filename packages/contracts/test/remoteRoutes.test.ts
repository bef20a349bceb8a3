import { matchesRoute, remoteRouteFor } from '../src';

describe("the remotes' pages (spec §2 route table)", () => {
  test('a pattern matches its page whatever the letter case or a trailing slash, a :name segment any one non-empty segment', () => {
    expect(matchesRoute('/chat/:id', '/chat/abc')).toBe(true);
    expect(matchesRoute('/chat/:id', '/Chat/abc/')).toBe(true);
    expect(matchesRoute('/chat/:id', '/chat')).toBe(false);
    expect(matchesRoute('/chat/:id', '/chat//')).toBe(false);
    expect(matchesRoute('/chat/:id', '/chat/abc/more')).toBe(false);
    expect(matchesRoute('/', '/')).toBe(true);
    expect(matchesRoute('/', '/x')).toBe(false);
  });

  test('each page belongs to the remote the route table names, admin pages gated by role', () => {
    expect(remoteRouteFor('/')?.remote).toBe('mf_discover');
    expect(remoteRouteFor('/edit-character/abc/3')?.remote).toBe('mf_discover');
    expect(remoteRouteFor('/library')?.remote).toBe('mf_chat');
    expect(remoteRouteFor('/payment/promptpay/large')?.remote).toBe('mf_wallet');
    expect(remoteRouteFor('/news')?.remote).toBe('mf_news');
    expect(remoteRouteFor('/admin/payment-settings')).toMatchObject({ remote: 'mf_admin', gate: 'owner' });
    expect(remoteRouteFor('/admin/news')).toMatchObject({ remote: 'mf_admin', gate: 'admin' });
    expect(remoteRouteFor('/profile')).toBeUndefined();
    expect(remoteRouteFor('/login')).toBeUndefined();
  });
});
