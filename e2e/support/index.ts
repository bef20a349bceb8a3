import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Profile } from '@lakorn/contracts';
import { repoPaths } from '../../infra/src/paths';

/** The gateway URL of the stack under test (set by the global setup, or by the user). */
export const E2E_URL_VARIABLE = 'LAKORN_E2E_URL';

export function baseUrl(): string {
  const url = process.env[E2E_URL_VARIABLE];
  if (!url) throw new Error(`${E2E_URL_VARIABLE} is not set: run the journeys with -c e2e/jest.config.js (its global setup starts the stack).`);
  return url;
}

/** The ports the stack's gateway and services listen on (JSON), set by the global setup. */
export const E2E_PORTS_VARIABLE = 'LAKORN_E2E_PORTS';

/**
 * A second admin, who is not the owner (the admin authorization matrix, journeys/admin-authz): the global setup adds it to
 * ADMIN_EMAILS of the stack it starts. A stack given through LAKORN_E2E_URL must list it too.
 */
export const E2E_SECOND_ADMIN = 'moderator@lakorn.local';

/** ADMIN_EMAILS with the second admin added (the user's list, else the default owner admin). */
export function adminEmailsWithSecondAdmin(current: string): string {
  const emails = current.split(',').map((e) => e.trim()).filter(Boolean);
  return [...new Set([...emails, E2E_SECOND_ADMIN])].join(',');
}

/** Debian's Chromium (infra/bootstrap.mjs installs it for `npm test`). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Flags for this machine's closed network: without the background-networking ones Chromium keeps
 * opening connections that are refused, and looks up Google's hosts at every start.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchedBrowser extends Browser {
  /** Closes the browser and removes its profile folder. */
  closeAndClean(): Promise<void>;
}

/**
 * Chromium with a fresh, empty profile. playwright's launch() creates that profile folder under
 * the temp dir itself (it refuses --user-data-dir in args); TMPDIR points it at a folder of ours
 * so nothing is left behind.
 */
export async function launchBrowser(): Promise<LaunchedBrowser> {
  const profileParent = await fs.mkdtemp(path.join(os.tmpdir(), 'lakorn-e2e-chromium-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    env: { ...process.env, TMPDIR: profileParent },
  });
  return Object.assign(browser, {
    closeAndClean: async () => {
      await browser.close();
      await fs.rm(profileParent, { recursive: true, force: true });
    },
  });
}

/**
 * A phone: 390×844 at 2×, Thai locale, Bangkok time; relative URLs go to the stack (or `baseURL`).
 * The shell's service worker is blocked unless asked for: with it, playwright's page.route no
 * longer sees the files the worker answers (journeys/pwa.test.ts is the one that allows it).
 */
export async function newPhonePage(browser: Browser, options: { serviceWorkers?: 'allow' | 'block'; baseURL?: string } = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseUrl(),
    serviceWorkers: options.serviceWorkers ?? 'block',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
  });
  return context.newPage();
}

/** Saves a PNG of the page into .e2e-artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const { artifacts } = repoPaths();
  await fs.mkdir(artifacts, { recursive: true });
  const file = path.join(artifacts, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * Signs in through the development identity provider (ARCHITECTURE §5) with the context's own
 * request client, so the session cookie lands in the browser context (or in an HTTP-only
 * `{request: APIRequestContext}` of playwright's `request.newContext()`): POST /api/auth/dev/token
 * {email, name} → {credential}, then POST /api/auth/verify {credential} → the profile.
 * A new user meets the one-time maintenance notice (spec §2), a modal over every page; journeys
 * about something else acknowledge it here, as the user would once (`keepNotice` leaves it).
 */
export async function signInViaApi(
  context: Pick<BrowserContext, 'request'>,
  url: string,
  email: string,
  name: string,
  options: { keepNotice?: boolean } = {},
): Promise<Profile> {
  const token = await context.request.post(`${url}/api/auth/dev/token`, { data: { email, name } });
  if (!token.ok()) throw new Error(`POST /api/auth/dev/token answered ${token.status()}: ${await token.text()}`);
  const { credential } = (await token.json()) as { credential?: unknown };
  if (typeof credential !== 'string') throw new Error('POST /api/auth/dev/token returned no credential');
  const verify = await context.request.post(`${url}/api/auth/verify`, { data: { credential } });
  if (!verify.ok()) throw new Error(`POST /api/auth/verify answered ${verify.status()}: ${await verify.text()}`);
  const profile = (await verify.json()) as Profile;
  if (options.keepNotice || profile.seenMaintenanceNotice) return profile;
  const ack = await context.request.post(`${url}/api/users/acknowledge-maintenance`, { data: { userId: profile.id } });
  if (!ack.ok()) throw new Error(`POST /api/users/acknowledge-maintenance answered ${ack.status()}: ${await ack.text()}`);
  return (await ack.json()) as Profile;
}

/**
 * A real RGB PNG of the given size (a rose-to-plum diagonal), so an upload's byte checks and an
 * <img> both accept it (catalog checks magic numbers, ARCHITECTURE §8b).
 */
export function pngImage(width = 320, height = 180): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      row[1 + x * 3] = Math.round(91 + (232 - 91) * t);
      row[2 + x * 3] = Math.round(42 + (83 - 42) * t);
      row[3 + x * 3] = Math.round(134 + (122 - 134) * t);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
