import { WsClient } from '../e2e/support/ws-client';
import { LAPTOP, launchPerson, type Person } from './support/browser';
import { createTeam, register } from './support/night';
import { ADMIN_PASSWORD, loginOverHttp, startApp, type RunningApp } from './support/server';
import { collectPageErrors, see } from './support/player';
import { untilInPage } from '../support/page-wait';

const HOSTILE =
  '<b>Gleich geht es los</b> <i>mit Runde 1</i> <a href="https://example.org/regeln">Regeln</a>' +
  '<img src=x onerror="window.__pwned = (window.__pwned || 0) + 1">' +
  '<script>window.__pwned = 100</script>' +
  '<svg onload="window.__pwned = 1000"></svg>' +
  '<div style="background:url(https://example.org/track.png)">Stil</div>';

/**
 * Issue 25, finding 1: an uber message carrying script-bearing tags (written by a moderator, or by
 * anyone holding a moderator's token) shows its formatting in a player's page and runs nothing.
 * Two fences, each checked: the sanitiser (web/src/logic/operator-html.ts) and the CSP.
 */
describe("operator HTML in a player's browser", () => {
  let app: RunningApp;
  let player: Person;
  let moderator: WsClient;
  const pageErrors: string[] = [];
  const cspReports: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    player = await launchPerson(LAPTOP);
    collectPageErrors(player.page, 'spielerin', pageErrors);
    player.page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspReports.push(message.text());
    });
    moderator = await WsClient.open(app.wsUrl, await loginOverHttp(app.baseUrl, 'admin', ADMIN_PASSWORD));
  });

  afterAll(async () => {
    await moderator?.close();
    await player?.close();
    await app?.stop();
  });

  it('serves the built index.html without inline script, with the CSP', async () => {
    const response = await fetch(`${app.baseUrl}/`);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('given a hostile uber message, then the player sees its formatting and link, and nothing of it runs or loads', async () => {
    const page = player.page;
    await register(page, app.baseUrl, 'spielerin', 'passwort123');
    await createTeam(page, 'Die Vorsichtigen', 'vorsicht', 'Köln');
    expect(await moderator.request('mum', { modus: 'pre' })).toMatchObject({ success: true });
    expect(await moderator.request('mumm', { message: HOSTILE })).toMatchObject({ success: true });

    const message = page.locator('.server-message');
    await see(message.locator('b', { hasText: 'Gleich geht es los' }));
    await see(message.locator('i', { hasText: 'mit Runde 1' }));
    const link = message.getByRole('link', { name: 'Regeln' });
    expect(await link.getAttribute('href')).toBe('https://example.org/regeln');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    const image = message.locator('img');
    expect(await image.count()).toBe(1);
    // The broken image has failed to load (its error event fired) before we look at what ran.
    await untilInPage(page, "document.querySelector('.server-message img')?.complete === true");
    expect(await image.getAttribute('onerror')).toBeNull();
    expect(await message.locator('script, svg, [style]').count()).toBe(0);
    expect(await message.textContent()).toContain('Stil');
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(pageErrors).toEqual([]);
  });

  it('given HTML slipping past the sanitiser, then the CSP still refuses its inline handler', async () => {
    const page = player.page;
    // Written as page source (this file is compiled without the DOM's types).
    const ran = await page.evaluate(`(async () => {
      const holder = document.createElement('div');
      document.body.append(holder);
      holder.innerHTML = '<img src="/nicht-da.png" onerror="window.__csp = 1">';
      await new Promise((resolve) => holder.querySelector('img').addEventListener('error', resolve));
      return window.__csp;
    })()`);
    expect(ran).toBeUndefined();
    expect(cspReports.some((text) => /script-src-attr|inline event handler/i.test(text))).toBe(true);
  });

  it("given the player logs out everywhere from another device, then this page's socket is closed and the page logs out", async () => {
    const page = player.page;
    const token = (await page.evaluate("localStorage.getItem('token')")) as string;
    const answer = await fetch(`${app.baseUrl}/api/token-logout-all`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    await untilInPage(page, "localStorage.getItem('token') === null");
    await see(page.getByRole('heading', { name: 'Einloggen' }).or(page.getByRole('form', { name: 'Einloggen' })));
  });
});
