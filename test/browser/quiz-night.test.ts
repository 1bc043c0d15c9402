import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { WsClient } from '../e2e/support/ws-client';
import { LAPTOP, launchPerson, PHONE, type Person } from './support/browser';
import {
  ADMIN_PASSWORD,
  callApi,
  createQuizOverHttp,
  loginOverHttp,
  startApp,
  type RunningApp,
} from './support/server';
import { collectPageErrors, fillRegistration, loginForm, registrationForm, see, TEXTS } from './support/player';

/**
 * A quiz night in the browser against the real server (`node scripts/start.js`): two players in their
 * own Chromium profiles, the moderator over the WebSocket protocol.
 */
describe('a quiz night in the browser', () => {
  let app: RunningApp;
  let anna: Person;
  let ben: Person;
  let moderator: WsClient;
  let quizId: string;
  const pageErrors: string[] = [];

  const TEAM_NAME = 'Die Quizfüchse';

  beforeAll(async () => {
    app = await startApp();
    // anna plays on a laptop, ben on a phone.
    [anna, ben] = await Promise.all([launchPerson(LAPTOP), launchPerson(PHONE)]);
    await anna.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    collectPageErrors(anna.page, 'anna', pageErrors);
    collectPageErrors(ben.page, 'ben', pageErrors);
    const adminToken = await loginOverHttp(app.baseUrl, 'admin', ADMIN_PASSWORD);
    quizId = await createQuizOverHttp(app.baseUrl, adminToken, {
      name: 'Browserquiz',
      yearWeek: '2026-47',
      content: [
        {
          type: 'normal',
          round: 1,
          number: 1,
          category: '(2) Erdkunde',
          question: 'Wie heißt die Hauptstadt von Frankreich?',
          answer: 'Paris',
        },
        {
          type: 'schiffe',
          round: 1,
          number: 2,
          category: 'Schiffe versenken',
          question: 'Wo liegt euer Lager, wo plündert ihr?',
          answer: 'L15',
        },
        {
          type: 'selfie',
          round: 1,
          number: 3,
          category: 'Selfie',
          question: 'Zeigt uns euer Quiz-Getränk!',
          answer: '',
        },
      ],
    });
    moderator = await WsClient.open(app.wsUrl, adminToken);
  });

  afterAll(async () => {
    await moderator?.close();
    await Promise.all([anna?.close(), ben?.close()]);
    await app?.stop();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  it('refuses a wrong password with the 403 text, then registers and logs in', async () => {
    const page = anna.page;
    await page.goto(`${app.baseUrl}/login`);
    const login = loginForm(page);
    await login.getByLabel('Nutzername').fill('anna');
    await login.getByLabel('Passwort').fill('falsch');
    await login.getByRole('button', { name: 'Einloggen' }).click();
    await see(login.getByRole('alert').filter({ hasText: TEXTS.login403 }));

    const register = registrationForm(page);
    await fillRegistration(register, 'anna', 'geheim123', 'geheim124');
    await register.getByRole('button', { name: 'Registrieren' }).click();
    await see(
      register.getByRole('alert').filter({
        hasText: 'Das Passwort und die Passwort-Wiederholung stimmen nicht überein. Bitte überprüfe beide.',
      }),
    );
    await register.getByLabel('Passwort wiederholen').fill('geheim123');
    await register.getByRole('button', { name: 'Registrieren' }).click();
    await see(page.getByRole('heading', { name: 'Team auswählen' }));
    // The special quiz locale (the default) never asks for an email address.
    expect(await page.getByRole('dialog', { name: 'Bleib auf dem Laufenden' }).count()).toBe(0);

    // Logged out and in again with the login form (case-insensitive name).
    await page.getByRole('button', { name: /Benutzermenü/ }).click();
    await page.getByRole('button', { name: 'Ausloggen' }).click();
    await see(page.getByRole('heading', { name: 'Willkommen beim Quiz' }));
    await loginForm(page).getByLabel('Nutzername').fill('ANNA');
    await loginForm(page).getByLabel('Passwort').fill('geheim123');
    await loginForm(page).getByRole('button', { name: 'Einloggen' }).click();
    await see(page.getByRole('heading', { name: 'Team auswählen' }));
  });

  it('hides the email field and popup in the special quiz locale and shows them in plain German', async () => {
    const page = ben.page;
    await page.goto(`${app.baseUrl}/register`);
    await see(registrationForm(page).getByLabel('Passwort wiederholen'));
    expect(await registrationForm(page).getByLabel('E-Mail (optional)').count()).toBe(0);

    await page.goto(`${app.baseUrl}/register?lang=de`);
    const email = registrationForm(page).getByLabel('E-Mail (optional)');
    await see(email);
    expect(await email.getAttribute('type')).toBe('email');

    // In plain German a player without shownEmailPopupAt is asked once for the email address: with the
    // newsletter form, so only once the show has a newsletter address (show settings).
    const adminToken = await loginOverHttp(app.baseUrl, 'admin', ADMIN_PASSWORD);
    const settings = await callApi(
      app.baseUrl,
      'PUT',
      '/api/show-settings',
      { newsletterUrl: 'https://newsletter.example.org/subscribe' },
      adminToken,
    );
    expect(settings.status).toBe(200);
    const clara = await callApi(app.baseUrl, 'POST', '/api/users', {
      data: { type: 'users', attributes: { login: 'clara', name: 'clara', newPassword: 'geheim789' } },
    });
    expect(clara.status).toBe(201);
    await page.goto(`${app.baseUrl}/login`);
    await loginForm(page).getByLabel('Nutzername').fill('clara');
    await loginForm(page).getByLabel('Passwort').fill('geheim789');
    await loginForm(page).getByRole('button', { name: 'Einloggen' }).click();
    const popup = page.getByRole('dialog', { name: 'Bleib auf dem Laufenden' });
    await see(popup);
    await popup.getByRole('button', { name: 'Nein danke' }).click();
    await popup.waitFor({ state: 'hidden' });
    const claraToken = await loginOverHttp(app.baseUrl, 'clara', 'geheim789');
    const claraRecord = await callApi(app.baseUrl, 'GET', '/api/tokens/current', undefined, claraToken);
    expect(
      (claraRecord.body.data as { attributes: Record<string, unknown> }).attributes.shownEmailPopupAt,
    ).toBeTruthy();
    await page.getByRole('button', { name: /Benutzermenü/ }).click();
    await page.getByRole('button', { name: 'Ausloggen' }).click();
    await see(loginForm(page));

    await page.goto(`${app.baseUrl}/register?lang=de-quiz`);
    await see(registrationForm(page).getByLabel('Passwort wiederholen'));
    expect(await registrationForm(page).getByLabel('E-Mail (optional)').count()).toBe(0);
  });

  it('creates a team, and a second player joins through the invite link', async () => {
    const page = anna.page;
    await page.getByRole('button', { name: 'Neues Team erstellen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neues Team erstellen' });
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await see(dialog.getByRole('alert').filter({ hasText: 'Bitte fülle alle Felder aus.' }));
    await dialog.getByLabel('Teamname').fill(TEAM_NAME);
    await dialog.getByLabel('Team-Passwort').fill('fuchsbau');
    await dialog.getByLabel('Stadt').fill('Köln');
    await dialog.getByLabel('Beschreibung').fill('Schlau und schnell');
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await see(page.getByRole('heading', { name: TEAM_NAME, level: 2 }));
    await see(page.getByRole('heading', { name: 'Gerade ist keine Frage aktiv.' }));

    await page.getByRole('button', { name: 'Einladen' }).click();
    const invite = page.getByRole('dialog', { name: 'Freunde einladen' });
    const linkField = invite.getByRole('textbox', { name: 'Einladungslink' });
    await see(linkField);
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${app.baseUrl}/invite#teamToken=.+`));
    await see(invite.getByRole('img', { name: 'QR-Code des Einladungslinks' }));
    await see(invite.getByRole('status').filter({ hasText: 'Der Link ist in der Zwischenablage.' }));
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(link);
    await invite.getByRole('button', { name: 'Schließen' }).last().click();

    // ben opens the link before he has an account: the invite waits in his session while he
    // registers on the login page, then he lands in anna's team.
    const benPage = ben.page;
    await benPage.goto(link);
    await see(benPage.getByRole('heading', { name: 'Willkommen beim Quiz' }));
    expect(new URL(benPage.url()).hash).toBe('');
    const register = registrationForm(benPage);
    await fillRegistration(register, 'ben', 'geheim456', 'geheim456');
    await register.getByRole('button', { name: 'Registrieren' }).click();
    await see(benPage.getByRole('heading', { name: TEAM_NAME, level: 2 }));

    // Both see each other in the member list, online.
    await see(page.getByRole('listitem').filter({ hasText: 'ben' }).filter({ hasText: '(online)' }));
    await see(benPage.getByRole('listitem').filter({ hasText: 'anna' }).filter({ hasText: '(online)' }));
  });

  it('refuses a wrong team password inside the join dialog, and goes back to the team', async () => {
    const page = ben.page;
    await page.getByRole('button', { name: 'Team wechseln' }).click();
    await see(page.getByRole('heading', { name: 'Team auswählen' }));
    await page.getByRole('searchbox', { name: 'Teams suchen' }).fill('quiz');
    await page
      .getByRole('button', { name: `Beitreten: ${TEAM_NAME}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Team beitreten' });
    expect(await dialog.getByLabel('Teamname').inputValue()).toBe(TEAM_NAME);
    await dialog.getByLabel('Team-Passwort').fill('falsch');
    await dialog.getByRole('button', { name: 'Beitreten' }).click();
    const failure = dialog.getByRole('alert').filter({ hasText: 'Teambeitritt hat leider nicht funktioniert.' });
    await see(failure);
    await failure.getByRole('button', { name: 'Schließen' }).click();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await page.getByRole('button', { name: 'Zurück zum Team' }).click();
    await see(page.getByRole('heading', { name: TEAM_NAME, level: 2 }));
  });

  it('shows proposals, stars and the favourite live to both members', async () => {
    expect(await moderator.request('ma', { quiz: quizId, round: 1, question: 1 })).toMatchObject({ success: true });
    for (const person of [anna, ben]) {
      await see(person.page.getByText('Wie heißt die Hauptstadt von Frankreich?'));
      await see(person.page.getByRole('timer').filter({ hasText: 'kein Countdown aktiv!' }));
    }

    await propose(anna.page, 'Paris');
    await propose(ben.page, 'Lyon');
    const parisForBen = proposal(ben.page, 'Paris');
    const lyonForAnna = proposal(anna.page, 'Lyon');
    await see(parisForBen);
    await see(lyonForAnna);
    await see(parisForBen.getByText('anna'));
    await see(lyonForAnna.getByText('ben'));

    // A star from anna shows as one star for ben.
    await proposal(anna.page, 'Paris').getByRole('button', { name: 'Stern vergeben (0 Sterne)' }).click();
    await see(proposal(anna.page, 'Paris').getByRole('button', { name: 'Stern zurücknehmen (1 Stern)' }));
    await see(parisForBen.getByRole('button', { name: 'Stern vergeben (1 Stern)' }));

    // Keyboard only: ben stars Lyon with Enter on the focused star button.
    const benStar = proposal(ben.page, 'Lyon').getByRole('button', { name: 'Stern vergeben (0 Sterne)' });
    await benStar.focus();
    await ben.page.keyboard.press('Enter');
    await see(proposal(anna.page, 'Lyon').getByRole('button', { name: 'Stern vergeben (1 Stern)' }));

    // ben picks the favourite; anna sees it marked.
    await parisForBen.getByRole('button', { name: 'Als Favorit wählen' }).click();
    await see(proposal(anna.page, 'Paris').getByText('★ Favorit'));
    expect(await proposal(anna.page, 'Lyon').getByText('★ Favorit').count()).toBe(0);
  });

  it('runs the countdown and shows the locked-in answer afterwards', async () => {
    expect(await moderator.request('mc', { time: 4 })).toMatchObject({ success: true });
    const timer = anna.page.getByRole('timer');
    await see(timer.getByText('Verbleibende Zeit'));
    const first = await secondsShown(timer);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(4);
    await waitUntil(async () => (await secondsShown(timer)) < first, 5_000);
    // Under 10 seconds the countdown is urgent (red).
    expect(await timer.getAttribute('class')).toContain('countdown--urgent');

    for (const person of [anna, ben]) {
      await see(person.page.getByRole('heading', { name: 'Gerade ist keine Frage aktiv.' }), 15_000);
      const taken = person.page.locator('.taken-answer');
      await see(taken.getByRole('heading', { name: 'Eure eingeloggte Antwort' }));
      await see(taken.getByText('Paris'));
      await see(taken.getByText('von anna'));
    }
  });

  it('shows the published points on the points page', async () => {
    await anna.page.getByRole('link', { name: 'Punkte', exact: true }).click();
    await see(
      anna.page.getByText(
        'Die Punkte erscheinen, sobald die Quizrunden ausgewertet sind. Bisher hat noch niemand Punkte.',
      ),
    );

    const checking = await moderator.request('ta', { quiz: quizId });
    expect(checking.success).toBe(true);
    const answers = checking.answers as Array<{ id: string; answer: string }>;
    const paris = answers.find((a) => a.answer === 'Paris');
    expect(paris).toBeDefined();
    expect(
      await moderator.request('tua', { answerId: paris!.id, value: 2, checked: true, liked: false }),
    ).toMatchObject({ success: true });
    const overview = await moderator.request('mup', { quiz: quizId });
    expect(overview.success).toBe(true);
    expect(await moderator.request('mp', { content: { publish: true } })).toMatchObject({ success: true });

    const table = anna.page.getByRole('table');
    await see(table);
    const row = table.getByRole('row').filter({ has: anna.page.getByRole('rowheader', { name: TEAM_NAME }) });
    await see(row);
    await see(row.getByRole('cell', { name: '1.', exact: true }));
    await see(row.getByRole('img', { name: 'Platz 1' }));
    expect((await row.getByRole('cell').last().textContent())?.trim()).toBe('2');
    await anna.page.getByRole('link', { name: 'Quiztool', exact: true }).first().click();
    await see(anna.page.getByRole('heading', { name: TEAM_NAME, level: 2 }));
  });

  it('checks a schiffe answer before proposing it', async () => {
    expect(await moderator.request('ma', { quiz: quizId, round: 1, question: 2 })).toMatchObject({ success: true });
    const page = anna.page;
    await see(page.getByText('Wo liegt euer Lager, wo plündert ihr?'));
    const answer = page.getByLabel('Deine Antwort');
    expect(await answer.inputValue()).toBe('Lager: \nPlündern: ');
    const cases: Array<[string, string]> = [
      ['', 'Es muss etwas eingegeben werden.'],
      ['Lager: L15', 'Es müssen zwei Zeilen eingegeben werden.'],
      [
        'Lager: 15\nPlündern: M14',
        'Die erste Zeile muss genau dem Format "Lager: (BUCHSTABE)(ZAHL)" entsprechen. Sie war "Lager: 15"',
      ],
      [
        'Lager: L15\nPlündern: M',
        'Die zweite Zeile muss genau dem Format "Plündern: (BUCHSTABE)(ZAHL)" entsprechen. Sie war "Plündern: M"',
      ],
    ];
    for (const [typed, message] of cases) {
      await answer.fill(typed);
      await page.getByRole('button', { name: 'Vorschlagen' }).click();
      await see(page.locator('.answer-form').getByRole('alert').filter({ hasText: message }));
    }
    // Shift+Enter proposes a valid answer; ben sees it.
    await answer.fill('Lager: L15\nPlündern: M14');
    await answer.press('Shift+Enter');
    await see(proposal(ben.page, 'Lager: L15'));
    expect(await page.locator('.answer-form').getByRole('alert').count()).toBe(0);
    expect(await moderator.request('mn')).toMatchObject({ success: true });
  });

  it('shows an uploaded selfie as a proposal image to the whole team', async () => {
    expect(await moderator.request('ma', { quiz: quizId, round: 1, question: 3 })).toMatchObject({ success: true });
    await see(ben.page.getByText('Zeigt uns euer Quiz-Getränk!'));
    await ben.page
      .getByLabel('Bild hochladen (PNG, JPEG oder GIF)')
      .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: Buffer.from(TINY_PNG_BASE64, 'base64') });
    // The upload is served only with the Authorization header: the picture must really load, not just be named.
    const picture = anna.page.locator('img[alt="Vorschlag von ben"]');
    await see(picture);
    await waitUntil(
      async () => (await picture.evaluate((image) => (image as unknown as LoadedImage).naturalWidth)) > 0,
      5_000,
    );
    expect(await moderator.request('mn')).toMatchObject({ success: true });
  });

  it('refuses uploads that are too large or not images', async () => {
    const page = ben.page;
    await page.getByRole('button', { name: 'Menü', exact: true }).click();
    await page.getByRole('link', { name: 'Foto hochladen' }).click();
    await see(page.getByRole('heading', { name: 'Fotos und Screenshots' }));
    const chooser = page.getByLabel('Bild hochladen (PNG, JPEG oder GIF)');
    const refusal = page.locator('.upload').getByRole('alert');

    await chooser.setInputFiles({ name: 'notizen.txt', mimeType: 'text/plain', buffer: Buffer.from('kein Bild') });
    await see(refusal.filter({ hasText: 'Bitte nur Bilder hochladen' }));

    // A file on disk, handed to Chromium by its path: 10 MB as a buffer would travel base64-encoded
    // through the DevTools protocol and took longer than the action timeout on a loaded machine.
    const large = path.join(await mkdtemp(path.join(tmpdir(), 'quiz-upload-')), 'riesig.png');
    await writeFile(large, '');
    await truncate(large, 10_000_001);
    await chooser.setInputFiles(large);
    await see(refusal.filter({ hasText: 'Bitte nicht zu große Bilder hochladen' }));
    await rm(path.dirname(large), { recursive: true, force: true });
  });

  it('refuses an upload whose content is not an image (server checks the bytes)', async () => {
    const page = ben.page;
    const chooser = page.getByLabel('Bild hochladen (PNG, JPEG oder GIF)');
    await chooser.setInputFiles({
      name: 'getarnt.png',
      mimeType: 'image/png',
      buffer: Buffer.from('das ist Text, kein PNG'),
    });
    await see(page.locator('.upload').getByRole('alert').filter({ hasText: 'Bitte nur Bilder hochladen' }));

    await chooser.setInputFiles({
      name: 'punkt.png',
      mimeType: 'image/png',
      buffer: Buffer.from(TINY_PNG_BASE64, 'base64'),
    });
    await see(page.locator('.upload').getByRole('status').filter({ hasText: 'Hochgeladen. Danke!' }));
  });
});

/** What the test reads of an <img> element in the page (the root tsconfig has no DOM types). */
interface LoadedImage {
  naturalWidth: number;
}

const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function proposal(page: Page, message: string): Locator {
  return page.locator('.proposal-list > li').filter({ hasText: message });
}

async function propose(page: Page, message: string): Promise<void> {
  await page.getByLabel('Deine Antwort').fill(message);
  await page.getByRole('button', { name: 'Vorschlagen' }).click();
  await see(proposal(page, message));
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function secondsShown(timer: Locator): Promise<number> {
  const label = await timer.locator('strong').getAttribute('aria-label');
  return parseInt(label ?? '', 10);
}
