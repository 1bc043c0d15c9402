import type { Page } from 'playwright-core';
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
import { collectPageErrors, loginForm, see } from './support/player';
import { untilInPage } from '../support/page-wait';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d4944415478da636460f85f0f0002870180eb47ba920000000049454e44ae426082',
  'hex',
);

const PAINTERS = 'Pinselpiraten';
const RIVALS = 'Gegenwind';
const PASSWORD = 'geheim123';

/**
 * The spec's remainders in the browser against the real server (`node scripts/start.js`): the pause
 * upload, a refused QR sign-up, a drawing that a reload and another device redraw, heal-and-deal choices
 * shared by a team, and the checker's "only unchecked" next question. anna and ben play in one team,
 * clara in another; the moderator speaks the protocol over a WebSocket.
 */
describe("the spec's remainders in the browser", () => {
  let app: RunningApp;
  let anna: Person;
  let ben: Person;
  /** A visitor first (QR sign-up), then anna on another device, then the admin as checker. */
  let other: Person;
  let moderator: WsClient;
  let quizId: string;
  const pageErrors: string[] = [];

  async function register(login: string): Promise<string> {
    const created = await callApi(app.baseUrl, 'POST', '/api/users', {
      data: { type: 'users', attributes: { login, name: login, newPassword: PASSWORD } },
    });
    expect(created.status).toBe(201);
    return loginOverHttp(app.baseUrl, login, PASSWORD);
  }

  async function createTeam(token: string, name: string): Promise<string> {
    const team = await callApi(
      app.baseUrl,
      'POST',
      '/api/teams',
      { name, newPassword: PASSWORD, stadt: 'Köln', beschreibung: 'Wir malen.' },
      token,
    );
    expect(team.status).toBe(201);
    return String((team.body.data as Record<string, unknown>).id);
  }

  async function logIn(page: Page, login: string, password = PASSWORD): Promise<void> {
    await page.goto(`${app.baseUrl}/login`);
    await loginForm(page).getByLabel('Nutzername').fill(login);
    await loginForm(page).getByLabel('Passwort').fill(password);
    await loginForm(page).getByRole('button', { name: 'Einloggen' }).click();
  }

  async function command(type: string, content: Record<string, unknown> = {}): Promise<void> {
    const reply = await moderator.request(type, content);
    expect(reply).toMatchObject({ success: true });
  }

  beforeAll(async () => {
    app = await startApp();
    [anna, ben, other] = await Promise.all([launchPerson(LAPTOP), launchPerson(PHONE), launchPerson(PHONE)]);
    collectPageErrors(anna.page, 'anna', pageErrors);
    collectPageErrors(ben.page, 'ben', pageErrors);
    collectPageErrors(other.page, 'other', pageErrors);

    const adminToken = await loginOverHttp(app.baseUrl, 'admin', ADMIN_PASSWORD);
    quizId = await createQuizOverHttp(app.baseUrl, adminToken, {
      name: 'Restequiz',
      yearWeek: '2026-48',
      content: [
        { type: 'zeichnen', round: 1, number: 1, category: 'Malen', question: 'Zeichnet einen Blitz!', answer: '' },
        {
          type: 'heal_deal',
          round: 1,
          number: 2,
          category: 'Heal and Deal',
          question: 'Heilt und teilt aus!',
          answer: '',
        },
        {
          type: 'normal',
          round: 1,
          number: 3,
          category: '(1) Erdkunde',
          question: 'Hauptstadt von Italien?',
          answer: 'Rom',
        },
      ],
    });

    const annaToken = await register('anna');
    const painters = await createTeam(annaToken, PAINTERS);
    const benSocket = await WsClient.open(app.wsUrl, await register('ben'));
    expect(await benSocket.request('gj', { id: painters, password: PASSWORD })).toMatchObject({ success: true });
    await benSocket.close();
    await createTeam(await register('clara'), RIVALS);
    // A connected moderator: the QR page offers its form.
    moderator = await WsClient.open(app.wsUrl, adminToken);
  });

  afterAll(async () => {
    await moderator?.close();
    await Promise.all([anna?.close(), ben?.close(), other?.close()]);
    await app?.stop();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  it("a refused QR team sign-up shows the server's reason, not a generic failure", async () => {
    const page = other.page;
    await page.goto(`${app.baseUrl}/team`);
    await page.getByLabel('Teamname').fill(PAINTERS.toUpperCase());
    await page.getByRole('button', { name: 'Abschicken' }).click();
    await see(
      page.getByRole('alert').filter({ hasText: 'Konnte Gruppe nicht anlegen, da es den Namen bereits gibt.' }),
    );
    expect(await page.getByText('Ein Fehler ist aufgetreten. Bitte versuche es gleich noch einmal.').count()).toBe(0);
  });

  it("the pause screen's upload area needs the resolution, then sends it along and the picture is stored", async () => {
    await command('mum', { modus: 'pause' });
    const page = anna.page;
    await logIn(page, 'anna');
    const chooser = page.getByLabel('Bild hochladen (PNG, JPEG oder GIF)');
    await chooser.setInputFiles({ name: 'urlaub.png', mimeType: 'image/png', buffer: PNG });
    await see(page.getByRole('alert').filter({ hasText: 'Du musst eine Auflösung eingeben' }));

    await page.getByLabel('Auflösung / Dateiname').fill('1024x768');
    await chooser.setInputFiles({ name: 'urlaub.png', mimeType: 'image/png', buffer: PNG });
    await see(
      page.getByRole('status').filter({
        hasText:
          'Das Bild 1024x768 wurde erfolgreich hochgeladen. Du kannst es verbessern oder mit clear all wieder löschen.',
      }),
    );
    expect(await page.getByRole('alert').filter({ hasText: 'Du musst eine Auflösung eingeben' }).count()).toBe(0);
    await command('mum', { modus: 'quiz' });
  });

  it('a drawing reopened after a reload or on another device shows what was drawn', async () => {
    await command('ma', { quiz: quizId, round: 1, question: 1 });
    const page = anna.page;
    const canvas = page.getByRole('img', { name: 'Zeichenfläche' });
    await see(canvas);
    expect(await darkAround(page, 150, 75)).toBe(false);
    // A line across the canvas from (60, 45) to (240, 105) in canvas pixels, drawn with the mouse.
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.3);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.7, { steps: 12 });
    await page.mouse.up();
    expect(await darkAround(page, 150, 75)).toBe(true);
    await page.getByRole('button', { name: 'Vorschlagen' }).click();
    await see(page.locator('img.proposal__image'));

    await page.reload();
    await waitForDarkAround(page, 150, 75);
    expect(await darkAround(page, 150, 20)).toBe(false);

    await logIn(other.page, 'anna');
    await waitForDarkAround(other.page, 150, 75);
    // The teammate's canvas is his own: nothing of anna's drawing there.
    await logIn(ben.page, 'ben');
    await see(ben.page.getByRole('img', { name: 'Zeichenfläche' }));
    await see(ben.page.locator('img.proposal__image'));
    expect(await darkAround(ben.page, 150, 75)).toBe(false);
  });

  it("heal-and-deal choices are the team's: the teammate sees them, a reload too, and the deal list never offers the own team", async () => {
    await command('mn');
    await command('ma', { quiz: quizId, round: 1, question: 2 });
    const page = anna.page;
    const select = page.getByLabel('Team wählen');
    await see(select);
    expect(await select.locator('option').allTextContents()).toEqual(['Team wählen', RIVALS]);
    await page.getByRole('tab', { name: 'Heilen' }).click();
    expect((await select.locator('option').allTextContents()).sort()).toEqual([PAINTERS, RIVALS, 'Team wählen'].sort());
    await page.getByRole('tab', { name: 'Schaden austeilen' }).click();
    await select.selectOption({ label: RIVALS });
    await page.getByRole('button', { name: 'Auswählen' }).click();
    const dealt = `Euer Schaden in dieser Runde: ${RIVALS} (−1)`;
    await see(page.getByText(dealt));
    await see(page.getByText('Ihr könnt noch heilen.'));

    await see(ben.page.getByText(dealt));
    await ben.page.reload();
    await see(ben.page.getByText(dealt));
    await see(ben.page.getByRole('button', { name: 'Wahl ändern' }));
  });

  it("the checker's next question with only unchecked answers says when none follows", async () => {
    await command('mn');
    const page = other.page;
    await page.getByRole('button', { name: /Benutzermenü/ }).click();
    await page.getByRole('button', { name: 'Ausloggen' }).click();
    await see(page.getByRole('heading', { name: 'Willkommen beim Quiz' }));
    await logIn(page, 'admin', ADMIN_PASSWORD);
    await see(page.getByRole('button', { name: /Benutzermenü/ }));
    await page.goto(`${app.baseUrl}/tester`);
    await page.getByLabel('Quiz-ID').fill(quizId);
    await page.getByRole('button', { name: 'Kontrollieren' }).click();
    // Question 1.1 holds anna's team's drawing, unchecked; 1.2 (heal and deal) and 1.3 have no answers.
    await see(page.getByText('Richtige Antwort'));
    await page.getByLabel('Nur unkontrollierte Antworten').check();
    await page.getByRole('button', { name: 'Nächste Frage' }).click();
    await see(page.getByText('keine nächsten unkontollierten gefunden.'));
  });
});

/** Whether the drawing canvas has a dark opaque pixel within 3 canvas pixels of (x, y). */
function darkAroundScript(x: number, y: number): string {
  return `(() => {
    const canvas = document.querySelector('canvas.drawing__canvas');
    if (!canvas) return false;
    const data = canvas.getContext('2d').getImageData(${x - 3}, ${y - 3}, 7, 7).data;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 128 && data[i] < 128 && data[i + 1] < 128 && data[i + 2] < 128) return true;
    return false;
  })()`;
}

async function darkAround(page: Page, x: number, y: number): Promise<boolean> {
  return (await page.evaluate(darkAroundScript(x, y))) as boolean;
}

/** Waits until the canvas shows the redrawn strokes (the redraw comes 100 ms after the canvas opens). */
async function waitForDarkAround(page: Page, x: number, y: number): Promise<void> {
  await untilInPage(page, darkAroundScript(x, y));
}
