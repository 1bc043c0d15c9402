import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** `UPDATE_SCREENSHOTS=1` writes into docs/screenshots/; otherwise a temp dir (a test run leaves the repository clean). */
export const SCREENSHOT_DIR = process.env.UPDATE_SCREENSHOTS === '1' ? path.resolve(__dirname, '../../../docs/screenshots') : path.join(tmpdir(), 'quiz-screenshots');

/** One simulated person: an own Chromium profile (persistent context in an empty temp dir) and its first page. */
export interface Person {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** The flags every headless Chromium of the tests and benches starts with. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PHONE = { width: 390, height: 844 };
export const LAPTOP = { width: 1280, height: 800 };

export async function launchPerson(viewport: { width: number; height: number } = LAPTOP): Promise<Person> {
  const profileDir = await mkdtemp(path.join(tmpdir(), 'quiz-browser-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.setViewportSize(viewport);
  return {
    context,
    page,
    close: async () => {
      await context.close().catch(() => undefined);
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}
