import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { LAPTOP, launchPerson, type Person, SCREENSHOT_DIR } from './support/browser';
import { ADMIN_PASSWORD, callApi, startApp, type RunningApp } from './support/server';
import { collectPageErrors, loginForm, see } from './support/player';

const NEWSLETTER = 'https://newsletter.example.org/subscribe?u=quiz';
const NEWSLETTER_LATER = 'https://listen.example.net/anmelden';
const REFUSED_ADDRESS =
  'Keine gültige Adresse: Die Newsletter-Adresse muss eine vollständige Adresse mit http:// oder https:// sein (z. B. https://example.org).';

async function logIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  const form = loginForm(page);
  await form.getByLabel('Nutzername').fill(username);
  await form.getByLabel('Passwort').fill(password);
  await form.getByRole('button', { name: 'Einloggen' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/** The newsletter form of a page posting to `action` (the form has no name of its own: it is the page's sign-up). */
const newsletterForm = (page: Page, action: string) => page.locator(`form.newsletter[action="${action}"]`);

/**
 * The admin configures the show in the admin screen; a logged-out visitor's about page and a player's
 * quiz page, open meanwhile in browsers of their own, follow without a reload.
 */
describe('show settings in the browser', () => {
  let app: RunningApp;
  let admin: Person;
  let visitor: Person;
  let player: Person;
  let section: Locator;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    app = await startApp();
    [admin, visitor, player] = await Promise.all([launchPerson(LAPTOP), launchPerson(LAPTOP), launchPerson(LAPTOP)]);
    collectPageErrors(admin.page, 'admin', pageErrors);
    collectPageErrors(visitor.page, 'visitor', pageErrors);
    collectPageErrors(player.page, 'player', pageErrors);
  });

  afterAll(async () => {
    await Promise.all([admin?.close(), visitor?.close(), player?.close()]);
    await app?.stop();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  it('given a fresh show, a visitor sees no newsletter form, support or stream link, and the QR page names Olaf', async () => {
    const page = visitor.page;
    await page.goto(`${app.baseUrl}/team`);
    await see(page.getByRole('heading', { name: 'Olafs Laptop ist im Moment nicht verbunden.' }));
    await page.goto(`${app.baseUrl}/about`);
    await see(page.getByRole('heading', { name: 'Über uns' }));
    expect(await page.locator('form.newsletter').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Unterstütze uns' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Livestream' }).count()).toBe(0);
    await page.evaluate('window.notReloaded = true');
  });

  it('the admin opens the section Show-Einstellungen', async () => {
    await logIn(admin.page, app.baseUrl, 'admin', ADMIN_PASSWORD);
    await admin.page.getByRole('link', { name: 'Admin', exact: true }).click();
    section = admin.page.getByRole('region', { name: 'Show-Einstellungen' });
    await see(section);
    expect(await section.getByLabel('Newsletter-Adresse').inputValue()).toBe('');
    expect(await section.getByLabel('Name auf der QR-Seite').inputValue()).toBe('Olaf');
  });

  it("given a malformed newsletter address, then the admin sees the server's German refusal and the visitor nothing new", async () => {
    await section.getByLabel('Newsletter-Adresse').fill('newsletter.example.org');
    await section.getByRole('button', { name: 'Show-Einstellungen speichern' }).click();
    await see(section.getByRole('alert').filter({ hasText: REFUSED_ADDRESS }));
    expect(await callApi(app.baseUrl, 'GET', '/api/show-settings')).toMatchObject({
      status: 200,
      body: { newsletterUrl: '' },
    });
    expect(await visitor.page.locator('form.newsletter').count()).toBe(0);
  });

  it("when the admin saves the newsletter address, then the visitor's about page posts there, without a reload; the unset support link stays hidden", async () => {
    await section.getByLabel('Newsletter-Adresse').fill(NEWSLETTER);
    await section.getByRole('button', { name: 'Show-Einstellungen speichern' }).click();
    await see(section.getByRole('status').filter({ hasText: 'Show-Einstellungen gespeichert.' }));
    expect(await section.getByRole('alert').count()).toBe(0);

    const form = newsletterForm(visitor.page, NEWSLETTER);
    await see(form);
    expect(await form.getAttribute('method')).toBe('post');
    expect(await form.getAttribute('target')).toBe('_blank');
    await see(form.getByLabel('E-Mail-Adresse'));
    expect(await visitor.page.getByRole('link', { name: 'Unterstütze uns' }).count()).toBe(0);
    expect(await visitor.page.evaluate('window.notReloaded')).toBe(true);

    await section.getByLabel('Newsletter-Adresse').fill(NEWSLETTER_LATER);
    await section.getByRole('button', { name: 'Show-Einstellungen speichern' }).click();
    await see(newsletterForm(visitor.page, NEWSLETTER_LATER));
    expect(await visitor.page.locator('form.newsletter').count()).toBe(1);
    expect(await visitor.page.evaluate('window.notReloaded')).toBe(true);
  });

  it("the admin sets stream, social links and dates; the visitor's pages show them", async () => {
    await section.getByLabel('Stream-Adresse').fill('https://www.twitch.tv/quizshow');
    await section.getByLabel('Stream-Kanal (Twitch)').fill('quizshow');
    await section.getByRole('button', { name: 'Link hinzufügen' }).click();
    await section.getByLabel('Beschriftung 1. Link').fill('Instagram');
    await section.getByLabel('Adresse 1. Link').fill('https://www.instagram.com/quizshow');
    await section.getByRole('button', { name: 'Termin hinzufügen' }).click();
    await section.getByLabel('Datum 1. Termin').fill('2099-11-27');
    await section.getByLabel('Titel 1. Termin').fill('Quiz am Freitag');
    await section.getByRole('button', { name: 'Termin hinzufügen' }).click();
    await section.getByLabel('Datum 2. Termin').fill('2099-11-20');
    await section.getByLabel('Titel 2. Termin').fill('Quiz am Freitag davor');
    await section.getByLabel('Name auf der QR-Seite').fill('Jana');
    await section.getByRole('button', { name: 'Show-Einstellungen speichern' }).click();

    const page = visitor.page;
    await see(page.getByRole('link', { name: 'Instagram' }).first());
    await see(page.getByRole('link', { name: 'Livestream' }));
    expect(await page.getByRole('link', { name: 'Livestream' }).getAttribute('href')).toBe(
      'https://www.twitch.tv/quizshow',
    );
    expect(await page.evaluate('window.notReloaded')).toBe(true);
    await page.goto(`${app.baseUrl}/next`);
    const dates = page.locator('.next-dates li');
    await see(dates.first());
    expect(await dates.allTextContents()).toEqual([
      'Freitag, 20. November 2099Quiz am Freitag davor',
      'Freitag, 27. November 2099Quiz am Freitag',
    ]);

    await admin.page.mouse.move(0, 0);
    // The section is taller than the window: the sticky navbar would be drawn across the picture.
    await admin.page.addStyleTag({ content: '.topbar { position: static !important; }' });
    await section.screenshot({
      path: path.join(SCREENSHOT_DIR, 'admin-show-settings.png'),
      animations: 'disabled',
      caret: 'hide',
    });
  });

  it("when the admin turns the newsletter popup on, then it opens on a player's quiz page; cancelled, it stays closed", async () => {
    const registered = await callApi(app.baseUrl, 'POST', '/api/users', {
      data: { type: 'users', attributes: { login: 'paula', name: 'paula', newPassword: 'geheim123' } },
    });
    expect(registered.status).toBe(201);
    await logIn(player.page, app.baseUrl, 'paula', 'geheim123');
    await see(player.page.getByRole('heading', { name: 'Team auswählen' }));
    const popup = player.page.getByRole('dialog', { name: 'Newsletter' });
    expect(await popup.isVisible()).toBe(false);
    await player.page.evaluate('window.notReloaded = true');

    await section.getByLabel('Newsletter-Popup bei allen Spielern öffnen').check();
    await section.getByRole('button', { name: 'Show-Einstellungen speichern' }).click();
    await see(popup);
    await see(newsletterForm(player.page, NEWSLETTER_LATER));
    expect(await player.page.evaluate('window.notReloaded')).toBe(true);
    await popup.getByRole('button', { name: 'Abbrechen' }).click();
    await popup.waitFor({ state: 'hidden' });

    // Closed in this tab: a reload does not bring it back while the flag stays on.
    await player.page.reload();
    await see(player.page.getByRole('link', { name: 'Instagram' })); // the settings have arrived
    expect(await popup.isVisible()).toBe(false);
  });
});
