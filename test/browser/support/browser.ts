import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** `UPDATE_SCREENSHOTS=1` writes into docs/screenshots/; otherwise a temp dir (a test run leaves the repository clean). */
export const SCREENSHOT_DIR =
  process.env.UPDATE_SCREENSHOTS === '1'
    ? path.resolve(__dirname, '../../../docs/screenshots')
    : path.join(tmpdir(), 'quiz-screenshots');

/** One simulated person: a browser context of their own (own cookies, storage and cache) and its first page. */
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

/**
 * The Chromium the people of a test file share while any of them is open: a context each keeps them
 * apart as separate profiles do, and a file of seven people starts one browser instead of seven (about
 * a second of a core each on the 2-core CI machine). Closed with the last person.
 */
let shared: { browser: Promise<Browser>; people: number } | null = null;

function takeBrowser(): Promise<Browser> {
  shared ??= {
    browser: chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS }),
    people: 0,
  };
  shared.people++;
  return shared.browser;
}

async function releaseBrowser(browser: Promise<Browser>): Promise<void> {
  if (!shared || shared.browser !== browser || --shared.people > 0) return;
  shared = null;
  await (await browser).close().catch(() => undefined);
}

export async function launchPerson(viewport: { width: number; height: number } = LAPTOP): Promise<Person> {
  const browser = takeBrowser();
  let context: BrowserContext;
  try {
    context = await (await browser).newContext();
  } catch (error) {
    await releaseBrowser(browser);
    throw error;
  }
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  let closed = false;
  return {
    context,
    page,
    close: async () => {
      if (closed) return;
      closed = true;
      await context.close().catch(() => undefined);
      await releaseBrowser(browser);
    },
  };
}
