import { SignInStartQuery } from '../src';

const state = 'p.abcdefgh12';

describe('GET /api/auth/start query (SignInStartQuery)', () => {
  test('takes this site\'s /api/auth/callback as redirect_uri', () => {
    expect(SignInStartQuery.safeParse({ state, redirect_uri: 'https://lakorn.example/api/auth/callback' }).success).toBe(true);
  });

  test.each(['//evil.example/x.png', 'https://evil.example/x.png', 'javascript:alert(1)', 'https://lakorn.example/api/auth/callback?next=x', 'http://[bad'])(
    'refuses %s as a redirect_uri (a refusal, never a throw that would be a 500)',
    (redirect) => {
      expect(() => SignInStartQuery.safeParse({ state, redirect_uri: redirect })).not.toThrow();
      expect(SignInStartQuery.safeParse({ state, redirect_uri: redirect }).success).toBe(false);
    },
  );
});
