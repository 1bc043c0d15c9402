import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { untilInPage } from '../support/page-wait';
import { WsClient } from '../e2e/support/ws-client';
import { LAPTOP, launchPerson, type Person, SCREENSHOT_DIR } from './support/browser';
import {
  ADMIN_PASSWORD,
  callApi,
  createQuizOverHttp,
  loginOverHttp,
  startApp,
  type RunningApp,
} from './support/server';
import { collectPageErrors, loginForm, see } from './support/player';
import { wcagViolations } from './support/accessibility';

const FULL_HD = { width: 1920, height: 1080 };
const SHOW_NAME = 'Kneipenquiz am Fluss';

/**
 * The stream overlay as a broadcast tool shows it: a Chromium page at 1920x1080 with a transparent
 * background opened from the link the admin created in the admin screen. It follows a question from
 * its start through the countdown to the lock-in and a publication, carries on through a server restart
 * without a reload, and shows nothing within 2 s of its link being revoked. The moderator, the players
 * and the checker act over the WebSocket protocol.
 */
describe('the stream overlay in the browser', () => {
  let app: RunningApp;
  let person: Person;
  let admin: Page;
  let overlay: Page;
  let adminToken: string;
  let moderator: WsClient;
  const players: WsClient[] = [];
  let quizId: string;
  let overlayUrl: string;
  const pageErrors: string[] = [];

  async function player(login: string, team: string): Promise<void> {
    expect(
      (
        await callApi(app.baseUrl, 'POST', '/api/users', {
          data: { type: 'users', attributes: { login, name: login, newPassword: 'geheim123' } },
        })
      ).status,
    ).toBe(201);
    const token = await loginOverHttp(app.baseUrl, login, 'geheim123');
    const created = await callApi(
      app.baseUrl,
      'POST',
      '/api/teams',
      {
        data: {
          type: 'teams',
          attributes: { name: team, newPassword: 'teampasswort', stadt: 'Trier', beschreibung: 'Wir raten mit.' },
        },
      },
      token,
    );
    expect(created.status).toBe(201);
    players.push(await WsClient.open(app.wsUrl, token));
  }

  async function shoot(name: string): Promise<void> {
    // The overlay as the broadcast tool lays it over the picture: only its parts, the rest transparent.
    await overlay.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}.png`),
      omitBackground: true,
      animations: 'disabled',
    });
  }

  const overlayPart = (name: string): Locator => overlay.getByRole('region', { name, exact: true });

  beforeAll(async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    app = await startApp();
    person = await launchPerson(LAPTOP);
    admin = person.page;
    overlay = await person.context.newPage(); // the overlay has no session: sharing the profile changes nothing
    await overlay.setViewportSize(FULL_HD);
    collectPageErrors(admin, 'admin', pageErrors);
    collectPageErrors(overlay, 'overlay', pageErrors);
    adminToken = await loginOverHttp(app.baseUrl, 'admin', ADMIN_PASSWORD);
    quizId = await createQuizOverHttp(app.baseUrl, adminToken, {
      name: 'Quizabend',
      yearWeek: '2026-47',
      content: [
        {
          type: 'normal',
          round: 1,
          number: 1,
          category: '(2) Erdkunde',
          question: 'Welche Stadt ist seit 1991 wieder die Hauptstadt Deutschlands?',
          answer: 'Berlin',
        },
        {
          type: 'abcd',
          round: 1,
          number: 2,
          category: '(1) Tierwelt',
          question: 'Welches Tier schläft im Stehen?',
          options: ['Pferd', 'Katze', 'Fledermaus', 'Koala'],
          answer: 'A',
        },
      ],
    });
    const look = await callApi(
      app.baseUrl,
      'PUT',
      '/api/show-settings',
      { showName: SHOW_NAME, primaryColor: '#1f4e79' },
      adminToken,
    );
    expect(look.status).toBe(200);
    await player('mia', 'Die Quizfüchse');
    await player('olli', 'Eulen aus Bonn');
    moderator = await WsClient.open(app.wsUrl, adminToken);
  });

  afterAll(async () => {
    await Promise.all([moderator, ...players].map((client) => client?.close()));
    await person?.close();
    await app?.stop();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  it("the admin creates an overlay link in the admin screen, under the show's name, and the colour form warns before sending", async () => {
    await admin.goto(`${app.baseUrl}/login`);
    const form = loginForm(admin);
    await form.getByLabel('Nutzername').fill('admin');
    await form.getByLabel('Passwort').fill(ADMIN_PASSWORD);
    await form.getByRole('button', { name: 'Einloggen' }).click();
    await admin.waitForURL(`${app.baseUrl}/`);
    await see(admin.getByRole('link', { name: SHOW_NAME }));
    expect(await admin.title()).toBe(SHOW_NAME);
    await admin.getByRole('link', { name: 'Admin', exact: true }).click();

    const links = admin.getByRole('region', { name: 'Stream-Overlay', exact: true });
    await see(links.getByText('Noch kein Overlay-Link.'));
    await links.getByRole('button', { name: 'Overlay-Link erstellen' }).click();
    const field = links.getByRole('textbox', { name: 'Overlay-Link 1' });
    await see(field);
    overlayUrl = await field.inputValue();
    expect(overlayUrl).toMatch(new RegExp(`^${app.baseUrl}/overlay/[\\w-]+\\.[\\w-]{43}$`));

    const settings = admin.getByRole('region', { name: 'Show-Einstellungen' });
    const colour = settings.getByRole('textbox', { name: 'Hauptfarbe', exact: true });
    expect(await colour.inputValue()).toBe('#1f4e79');
    await colour.fill('#ffb703');
    await see(
      settings
        .getByRole('alert')
        .filter({ hasText: 'Zu wenig Kontrast: Weiße Schrift auf der Hauptfarbe #ffb703 erreicht nur 1,74:1' }),
    );
    await colour.fill('#1f4e79');
    await see(settings.getByText('Kontrast mit weißer Schrift'));
    expect(await wcagViolations(admin)).toEqual([]); // the admin page with the overlay links and the look
  });

  it('opens at 1920x1080 on a transparent page and, between questions, shows the join QR code', async () => {
    await overlay.goto(overlayUrl);
    const join = overlayPart('Mitspielen');
    await see(join);
    await see(join.getByRole('img', { name: 'QR-Code zum Mitspielen' }));
    expect(overlay.viewportSize()).toEqual(FULL_HD);
    const backgrounds = await overlay.evaluate(
      '[getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.body).backgroundColor]',
    );
    expect(backgrounds).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
    expect(await overlay.title()).toBe(`${SHOW_NAME} · Stream-Overlay`);
    await overlay.evaluate('window.notReloaded = true');
    expect(await wcagViolations(overlay)).toEqual([]);
  });

  it('follows a question from its start through the countdown to the lock-in, never showing the answer', async () => {
    expect(await moderator.request('ma', { quiz: quizId, round: 1, question: 1 })).toMatchObject({ success: true });
    const question = overlayPart('Frage');
    await see(question.getByText('Welche Stadt ist seit 1991 wieder die Hauptstadt Deutschlands?'));
    await see(question.getByText('(2) Erdkunde'));
    await see(question.getByText('Runde 1 · Frage 1 · 2 Punkte'));
    expect(await overlayPart('Mitspielen').count()).toBe(0);

    const [mia, olli] = players as [WsClient, WsClient];
    for (const [client, answer] of [
      [mia, 'Berlin'],
      [olli, 'Bonn'],
    ] as const) {
      expect(await client.request('gp', { message: answer })).toMatchObject({ success: true });
      expect(await client.request('gf', { number: 1 })).toMatchObject({ success: true });
    }
    expect(await moderator.request('mc', { time: 30 })).toMatchObject({ success: true });
    await see(overlay.getByRole('timer', { name: 'Countdown' }));
    await shoot('overlay-question');
    expect(await moderator.request('mn')).toMatchObject({ success: true }); // the moderator ends it before the countdown does
    await see(overlay.getByRole('status').filter({ hasText: 'Runde 1 · Frage 1: Antworten eingeloggt' }));
    expect(await overlay.getByRole('timer').count()).toBe(0);
    expect(await overlay.locator('body').innerText()).not.toContain('Berlin');
  });

  it('shows the published ranking, its rows moving with a transition (none for reduced motion)', async () => {
    const checking = await moderator.request('ta', { quiz: quizId });
    const answers = checking.answers as Array<{ id: string; answer: string }>;
    for (const answer of answers) {
      expect(
        await moderator.request('tua', {
          answerId: answer.id,
          value: answer.answer === 'Berlin' ? 2 : 1,
          checked: true,
          liked: false,
        }),
      ).toMatchObject({ success: true });
    }
    expect(await overlayPart('Rangliste').count()).toBe(0); // rated, not published
    expect(await moderator.request('mp', { content: { publish: true } })).toMatchObject({ success: true });
    const ranking = overlayPart('Rangliste');
    await see(ranking.getByRole('listitem').filter({ hasText: 'Die Quizfüchse' }).filter({ hasText: '2 P.' }));
    await see(ranking.getByRole('listitem').filter({ hasText: 'Eulen aus Bonn' }));
    await see(overlayPart('Mitspielen'));
    const transition = `getComputedStyle(document.querySelector('.overlay-ranking__row')).transitionDuration`;
    expect(await overlay.evaluate(transition)).toBe('0.7s');
    await shoot('overlay-ranking');
    expect(await wcagViolations(overlay)).toEqual([]); // the ranking
    await overlay.emulateMedia({ reducedMotion: 'reduce' });
    expect(await overlay.evaluate(transition)).toBe('0s');
    await overlay.emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('carries on through a server restart without a reload', async () => {
    await moderator.close();
    await app.restart();
    moderator = await WsClient.open(app.wsUrl, adminToken);
    expect(await moderator.request('ma', { quiz: quizId, round: 1, question: 2 })).toMatchObject({ success: true });
    const question = overlayPart('Frage');
    await see(question.getByText('Welches Tier schläft im Stehen?'), 30_000); // the overlay's backoff waits at most 10 s
    await see(question.getByText('Pferd'));
    expect(await overlay.evaluate('window.notReloaded')).toBe(true);
    expect(await moderator.request('mn')).toMatchObject({ success: true });
    await see(overlay.getByRole('status').filter({ hasText: 'Runde 1 · Frage 2: Antworten eingeloggt' }));
  });

  it('shows nothing within 2 s of the admin revoking its link', async () => {
    const links = admin.getByRole('region', { name: 'Stream-Overlay', exact: true });
    await admin.reload(); // the admin screen's list after the restart
    await see(links.getByRole('textbox', { name: 'Overlay-Link 1' }));
    await links.screenshot({
      path: path.join(SCREENSHOT_DIR, 'admin-overlay-links.png'),
      animations: 'disabled',
      caret: 'hide',
    });
    admin.once('dialog', (dialog) => void dialog.accept());
    const revoked = admin.waitForResponse(
      (response) => response.url().includes('/api/overlay-links/') && response.request().method() === 'DELETE',
    );
    await links.getByRole('button', { name: 'Overlay-Link 1 widerrufen' }).click();
    expect((await revoked).status()).toBe(204);
    await untilInPage(
      overlay,
      `document.getElementById('root').childElementCount === 0 && document.body.innerText.trim() === ''`,
      2_000,
    );
    await see(links.getByText('Noch kein Overlay-Link.'));
  });
});
