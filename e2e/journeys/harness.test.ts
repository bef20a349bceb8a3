import { existsSync } from 'node:fs';
import { newPhonePage, screenshot } from '../support';
import { browserPerFile } from './browserPerFile';

/** Proves the harness itself: the stack is up, Chromium starts, and the phone page is a Thai phone. */
describe('the browser-journey harness', () => {
  const browser = browserPerFile();

  it('loads the gateway /healthz in Chromium as a 390×844 Thai phone in Bangkok time', async () => {
    const page = await newPhonePage(browser());
    const response = await page.goto('/healthz');
    expect(response?.status()).toBe(200);
    expect(JSON.parse(await page.locator('body').innerText())).toEqual({ status: 'ok' });

    const device = await page.evaluate(() => {
      // The root server type-check has no DOM library; this runs in the page. (A page without a
      // viewport meta tag lays out 980 px wide, as on a real phone, so the screen is checked.)
      const view = globalThis as unknown as {
        screen: { width: number; height: number };
        devicePixelRatio: number;
        navigator: { language: string };
      };
      return {
        width: view.screen.width,
        height: view.screen.height,
        pixelRatio: view.devicePixelRatio,
        language: view.navigator.language,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      };
    });
    expect(device).toEqual({ width: 390, height: 844, pixelRatio: 2, language: 'th-TH', timeZone: 'Asia/Bangkok' });

    const file = await screenshot(page, 'harness-healthz');
    expect(existsSync(file)).toBe(true);
    await page.context().close();
  });
});
