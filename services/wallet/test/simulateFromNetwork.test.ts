import type { AddressInfo } from 'node:net';
import { ERROR_CODES, LOCAL_ONLY_MESSAGE, type PaymentCreated } from '@lakorn/contracts';
import { openSecondHost, sessionCookie, testActor, type SecondHost } from '@lakorn/service-kit/testing';
import { startWallet, type WalletUnderTest } from './support/harness';

// ARCHITECTURE §8: the simulated bank pays any QR for free, so the wallet itself answers its
// "pay" action only to this machine unless ALLOW_DEV_FROM_NETWORK opens it on purpose.
jest.setTimeout(60_000);

describe('simulated payments from another machine', () => {
  let second: SecondHost;
  const wallets: WalletUnderTest[] = [];

  async function walletOnNetwork(allowSimulationFromNetwork: boolean) {
    const t = await startWallet({ label: `wallet_netsim_${String(allowSimulationFromNetwork)}`, provider: 'simulated', host: second.hostAddress, allowSimulationFromNetwork });
    wallets.push(t);
    const url = `http://${second.hostAddress}:${(t.server.address() as AddressInfo).port}`;
    const payer = testActor();
    const headers = { cookie: sessionCookie(payer), 'content-type': 'application/json' };
    const create = () => second.fetch(`${url}/api/payments/promptpay`, { method: 'POST', headers, body: JSON.stringify({ package: 'small' }) });
    const simulate = (id: string) => second.fetch(`${url}/api/payments/simulate/${id}`, { method: 'POST', headers });
    return { t, payer, create, simulate };
  }

  beforeAll(async () => {
    second = await openSecondHost();
  });
  afterAll(async () => {
    for (const t of wallets) await t.close();
    await second?.close();
  });

  it('refuses the simulated "pay" with 403 and the Thai message, does not offer it, and credits nothing', async () => {
    const { t, payer, create, simulate } = await walletOnNetwork(false);
    const created = await create();
    expect(created.status).toBe(201);
    const payment = JSON.parse(created.body) as PaymentCreated;
    expect(payment.simulateAvailable).toBe(false);
    const paid = await simulate(payment.paymentIntentId);
    expect(paid.status).toBe(403);
    expect(JSON.parse(paid.body)).toMatchObject({ message: LOCAL_ONLY_MESSAGE, code: ERROR_CODES.localOnly });
    expect(await t.wallet.ledger.balance(payer.id)).toMatchObject({ balance: 0 });
  });

  it('pays from another machine when ALLOW_DEV_FROM_NETWORK opens it on purpose', async () => {
    const { create, simulate } = await walletOnNetwork(true);
    const payment = JSON.parse((await create()).body) as PaymentCreated;
    expect(payment.simulateAvailable).toBe(true);
    const paid = await simulate(payment.paymentIntentId);
    expect(paid.status).toBe(200);
    expect(JSON.parse(paid.body)).toMatchObject({ status: 'succeeded' });
  });
});
