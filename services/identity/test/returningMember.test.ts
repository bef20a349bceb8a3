import request from 'supertest';
import { waitUntil } from '@lakorn/service-kit/testing';
import { signIn, useIdentityHarness, watchEvents } from './support/harness';

// services/wallet README "A returning member": the profile id comes from the provider's subject,
// so an account deleted and signed in again has the same id. Each life of the account is
// registered once, so the wallet reopens the ledger and the catalog learns the new name.

const h = useIdentityHarness('returning');

it('an account deleted and signed in again is registered again: the same id, one identity.user.registered per life, after the deletion', async () => {
  const registered = await watchEvents(h, 'identity.user.registered');
  const deleted = await watchEvents(h, 'identity.user.deleted');
  try {
    const first = await signIn(h.app, 'again@example.test', 'Again');
    const id = first.profile.id as string;
    await waitUntil(() => registered.received.some((p) => p.userId === id), 10_000, 'the first registration');
    await request(h.app).delete('/api/users/me').set('Cookie', first.cookie).expect(204);
    await waitUntil(() => deleted.received.some((p) => p.userId === id), 10_000, 'the deletion');

    const second = await signIn(h.app, 'again@example.test', 'Again');
    expect(second.profile.id).toBe(id);
    await waitUntil(() => registered.received.filter((p) => p.userId === id).length === 2, 10_000, 'the second life\'s registration');
    // A sign-in of the existing account registers nothing more.
    await signIn(h.app, 'again@example.test', 'Again');
    await new Promise((resolve) => setTimeout(resolve, 800));
    const lives = registered.received.filter((p) => p.userId === id);
    expect(lives).toHaveLength(2);
    const deletedAt = Date.parse(deleted.received.find((p) => p.userId === id)!.deletedAt);
    expect(Date.parse(lives[0]!.registeredAt)).toBeLessThan(deletedAt);
    expect(Date.parse(lives[1]!.registeredAt)).toBeGreaterThan(deletedAt);
  } finally {
    await registered.close();
    await deleted.close();
  }
});
