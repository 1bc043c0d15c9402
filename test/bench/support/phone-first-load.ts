/**
 * A player's first load on a phone: a fresh Chromium profile (nothing cached), the network
 * throttled to 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip, and the CPU 4 times slower (the
 * issue's phone profile, CDP Network.emulateNetworkConditions and Emulation.setCPUThrottlingRate).
 * Measures the bytes over the wire and the time from navigation start until the login form is
 * usable (its name field and "Einloggen" button on screen, rendered by the app).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../browser/support/browser';
import { untilInPage } from '../../support/page-wait';

export const PHONE_PROFILE = {
  downloadBitsPerSecond: 1_600_000,
  uploadBitsPerSecond: 750_000,
  latencyMs: 150,
  cpuSlowdown: 4,
} as const;

export interface LoadedResource {
  url: string;
  type: string;
  /** Bytes over the wire, headers included (CDP encodedDataLength). */
  bytes: number;
  encoding: string | null;
  cacheControl: string | null;
}

export interface PhoneFirstLoad {
  /** From navigation start until the login form is usable. */
  usableMs: number;
  /** Bytes over the wire until the page was usable and the network idle. */
  bytes: number;
  resources: LoadedResource[];
}

/** Marks the moment the login form is there: a MutationObserver from the first byte of the page. */
const USABLE_PROBE = `(() => {
  const usable = () => {
    const button = [...document.querySelectorAll('button[type=submit]')].find((b) => b.textContent.trim() === 'Einloggen');
    return button && !button.disabled && document.querySelector('input[autocomplete=username]');
  };
  const observer = new MutationObserver(() => {
    if (window.__usableAt === undefined && usable()) { window.__usableAt = performance.now(); observer.disconnect(); }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

export async function phoneFirstLoad(baseUrl: string, options: { timeoutMs?: number } = {}): Promise<PhoneFirstLoad> {
  const timeout = options.timeoutMs ?? 60_000;
  const profileDir = await mkdtemp(path.join(tmpdir(), 'quiz-phone-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(USABLE_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE_PROFILE.latencyMs,
      downloadThroughput: PHONE_PROFILE.downloadBitsPerSecond / 8,
      uploadThroughput: PHONE_PROFILE.uploadBitsPerSecond / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });

    const responses = new Map<string, Omit<LoadedResource, 'bytes'>>();
    const resources: LoadedResource[] = [];
    cdp.on('Network.responseReceived', (e) => {
      const headers = Object.fromEntries(
        Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
      );
      responses.set(e.requestId, {
        url: e.response.url,
        type: e.type ?? 'Other',
        encoding: headers['content-encoding'] ?? null,
        cacheControl: headers['cache-control'] ?? null,
      });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const response = responses.get(e.requestId);
      if (response) resources.push({ ...response, bytes: e.encodedDataLength });
    });

    await page.goto(baseUrl, { waitUntil: 'load', timeout });
    await untilInPage(page, 'window.__usableAt !== undefined', timeout);
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    const usableMs = await page.evaluate<number>('window.__usableAt');
    return { usableMs: Math.round(usableMs), bytes: resources.reduce((sum, r) => sum + r.bytes, 0), resources };
  } finally {
    await context.close().catch(() => undefined);
    await rm(profileDir, { recursive: true, force: true });
  }
}
