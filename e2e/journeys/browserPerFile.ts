import { launchBrowser, type LaunchedBrowser } from '../support';

/**
 * One Chromium for a journey file: launched before its first test, closed (and its profile
 * cleaned) after its last. The returned function gives the running browser.
 */
export function browserPerFile(): () => LaunchedBrowser {
  let browser: LaunchedBrowser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.closeAndClean();
  });
  return () => {
    if (!browser) throw new Error('the journey browser is not running (its launch failed or has not happened yet)');
    return browser;
  };
}
