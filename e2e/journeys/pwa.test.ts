import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Request, Response } from 'playwright-core';
import { baseUrl, E2E_PORTS_VARIABLE, newPhonePage, screenshot, signInViaApi } from '../support';
import { startOwnGateway } from '../support/ownGateway';
import { browserPerFile } from './browserPerFile';

/** Until the page is controlled by an active worker (it claims its clients on activation). */
async function controlledByWorker(page: Page): Promise<string> {
  await page.waitForFunction(() => Boolean((globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator.serviceWorker.controller), undefined, { timeout: 30_000 });
  return page.evaluate(() => (globalThis as unknown as { navigator: { serviceWorker: { controller: { scriptURL: string } } } }).navigator.serviceWorker.controller.scriptURL);
}

/** A second gateway of our own over the stack's services, so this journey can stop it. */
async function ownGateway(port = 0): Promise<Server> {
  const servicePorts = JSON.parse(process.env[E2E_PORTS_VARIABLE] ?? '{}') as Record<string, number>;
  return (await startOwnGateway({ servicePorts, port, name: 'gateway-pwa' })).server;
}

async function stop(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
}

describe('installable (ARCHITECTURE §9): manifest, service worker, offline page', () => {
  const browser = browserPerFile();

  it('links a Thai web app manifest with drawn icons, and the iOS home-screen meta', async () => {
    const page = await newPhonePage(browser(), { serviceWorkers: 'allow' });
    await page.goto('/login');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const manifestResponse = await page.request.get('/manifest.webmanifest');
    expect(manifestResponse.headers()['content-type']).toMatch(/application\/manifest\+json/);
    const manifest = (await manifestResponse.json()) as { name: string; short_name: string; display: string; theme_color: string; start_url: string; icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({ name: 'ละคร', short_name: 'ละคร', display: 'standalone', theme_color: '#0f0d13', start_url: '/' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const src of [...manifest.icons.map((i) => i.src), appleIcon ?? '']) {
      const icon = await page.request.get(src);
      expect([src, icon.status(), icon.headers()['content-type']]).toEqual([src, 200, 'image/png']);
      expect((await icon.body()).subarray(1, 4).toString('ascii')).toBe('PNG');
    }
    expect(await page.locator('meta[name="apple-mobile-web-app-status-bar-style"]').getAttribute('content')).toBe('black-translucent');
    expect(await page.locator('meta[name="apple-mobile-web-app-capable"]').getAttribute('content')).toBe('yes');
    await page.context().close();
  });

  it('registers the worker, and a second visit takes every script from it, not from the network', async () => {
    const page = await newPhonePage(browser(), { serviceWorkers: 'allow' });
    const context = page.context();
    await signInViaApi(context, baseUrl(), `pwa-${Date.now().toString(36)}@lakorn.local`, 'ผู้ใช้ติดตั้งแอป');
    await page.goto('/');
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).waitFor();
    expect(await controlledByWorker(page)).toBe(`${baseUrl()}/sw.js`);
    // The worker keeps what this first visit loaded before it took over (the page posts the list).
    await page.waitForTimeout(1500);

    const scripts: Response[] = [];
    const fromNetworkByWorker: string[] = [];
    const onResponse = (response: Response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    };
    const onRequest = (request: Request) => {
      // Requests the worker itself sends to the network (a cache miss); its own update check is the browser's.
      if (request.serviceWorker() && /\.js(\?|$)/.test(request.url()) && !request.url().endsWith('/sw.js')) fromNetworkByWorker.push(request.url());
    };
    page.on('response', onResponse);
    context.on('request', onRequest);
    await page.reload();
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).waitFor();
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    context.off('request', onRequest);

    const names = scripts.map((r) => new URL(r.url()).pathname);
    // The shell, its shared libraries and mf-discover's entry and page all load on '/'.
    expect(names.some((n) => /^\/main\.[0-9a-f]{8}\.js$/.test(n))).toBe(true);
    expect(names.some((n) => n.startsWith('/remotes/mf-discover/'))).toBe(true);
    expect(scripts.filter((r) => !r.fromServiceWorker()).map((r) => r.url())).toEqual([]);
    expect(fromNetworkByWorker).toEqual([]);
    await screenshot(page, 'pwa-01-second-visit');
    await context.close();
  });

  it('shows the Thai offline page while the gateway is stopped, and "try again" brings the app back', async () => {
    let gateway = await ownGateway();
    const port = (gateway.address() as AddressInfo).port;
    const own = `http://localhost:${port}`;
    try {
      const page = await newPhonePage(browser(), { serviceWorkers: 'allow', baseURL: own });
      await page.goto('/login');
      await page.getByRole('button', { name: /เข้าสู่ระบบ/ }).first().waitFor();
      expect(await controlledByWorker(page)).toBe(`${own}/sw.js`);

      await stop(gateway);
      await page.goto('/library');
      await page.getByRole('heading', { name: 'ไม่มีการเชื่อมต่ออินเทอร์เน็ต' }).waitFor();
      expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang)).toBe('th');
      await screenshot(page, 'pwa-02-offline');

      // Still down: trying again shows the offline page again.
      await page.getByRole('button', { name: 'ลองอีกครั้ง' }).click();
      await page.getByRole('heading', { name: 'ไม่มีการเชื่อมต่ออินเทอร์เน็ต' }).waitFor();

      gateway = await ownGateway(port);
      await page.getByRole('button', { name: 'ลองอีกครั้ง' }).click();
      // Signed out: the app is back and sends the member to sign in.
      await page.getByRole('button', { name: /เข้าสู่ระบบ/ }).first().waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe('/login');
      await page.context().close();
    } finally {
      if (gateway.listening) await stop(gateway);
    }
  });
});
