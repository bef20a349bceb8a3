import { ABUSE_MESSAGES, MemberImageUrl, PersonaInput, UpdateProfileBody } from '../src';

describe('member image URLs: only the product own images and the sign-in provider photo host', () => {
  it.each([
    [''],
    ['/character-images/0123456789abcdef01234567.jpg'],
    ['/uploads/character-images/0123456789abcdef01234567.png'],
    ['https://lh3.googleusercontent.com/a/ACg8ocJ=s96-c'],
  ])('accepts %j', (value) => {
    expect(MemberImageUrl.safeParse(value).success).toBe(true);
  });

  it.each([
    ['https://tracker.example/pixel.gif'],
    ['http://lh3.googleusercontent.com/a/x'],
    ['https://lh3.googleusercontent.com.evil.example/a'],
    ['https://user@lh3.googleusercontent.com/a'],
    ['https://lh3.googleusercontent.com:8443/a'],
    ['//tracker.example/x.png'],
    ['/character-images/../api/users/me'],
    ['javascript:alert(1)'],
  ])('refuses %j with the Thai message', (value) => {
    const result = MemberImageUrl.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(ABUSE_MESSAGES.imageUrl);
  });

  it('is the rule of the profile and persona bodies', () => {
    expect(UpdateProfileBody.safeParse({ profileUrl: 'https://tracker.example/me.png' }).success).toBe(false);
    const persona = { name: 'n', appearance: 'a', personality: 'p', background: 'b' };
    expect(PersonaInput.safeParse({ ...persona, profileUrl: 'https://tracker.example/me.png' }).success).toBe(false);
    expect(PersonaInput.safeParse({ ...persona, profileUrl: 'https://lh3.googleusercontent.com/a/me' }).success).toBe(true);
  });
});
