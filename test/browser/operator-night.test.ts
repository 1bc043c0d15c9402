import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { LAPTOP, launchPerson, type Person, PHONE, SCREENSHOT_DIR } from './support/browser';
import { createTeam, nav, propose, proposal, rateAnswers, register } from './support/night';
import { ADMIN_PASSWORD, startApp, type RunningApp } from './support/server';
import { collectPageErrors, loginForm, see } from './support/player';
import { untilInPage } from '../support/page-wait';

const QUIZ_TOML = `name = "Operatorabend"
yearWeek = "2026-47"

[1.1]
type = "normal"
category = "(2) Erdkunde"
question = "Wie heißt die Hauptstadt von Frankreich?"
answer = "Paris"

[1.2]
type = "abcd"
category = "(1) Musik"
question = "Wer sang „Atemlos durch die Nacht“?"
answer = "B"
options = ["Nena", "Helene Fischer", "Udo Jürgens", "Peter Maffay"]

[2.1]
type = "normal"
category = "(1) Technik"
question = "Wie viele Bits hat ein Byte?"
answer = "8"
`;

const FOXES = 'Die Quizfüchse';
const OWLS = 'Eulen aus Bonn';
const MAINTENANCE_SEND_REFUSED = 'Der Server wird gerade neu gestartet, daher kannst du nichts zum Server senden.';
const MAINTENANCE_BANNER = 'Der Server wird neu gestartet. Wir verbinden uns gleich automatisch wieder.';

/**
 * A whole night driven only through browsers against `node scripts/start.js` (issue 7): the admin (also
 * moderator and tester) in one laptop-sized Chromium profile, one player per team in two more. The
 * operator screens are photographed at 1280x800 along the way.
 */
describe('an operator night in the browser', () => {
  let app: RunningApp;
  let operator: Person;
  let anna: Person;
  let ben: Person;
  let quizId: string;
  const pageErrors: string[] = [];
  const shots: string[] = [];

  /** One picture of the operator's viewport, without hover effects or leftover toasts. */
  async function shoot(name: string, scrolledTo?: Locator): Promise<void> {
    const page = operator.page;
    await page.mouse.move(0, 0);
    await dismissNotices(page);
    if (scrolledTo)
      await scrolledTo.evaluate((element) =>
        (element as unknown as ScrollableElement).scrollIntoView({ block: 'end' }),
      );
    else await page.evaluate('window.scrollTo(0, 0)');
    const file = `operator-${name}-laptop.png`;
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, file), animations: 'disabled', caret: 'hide' });
    shots.push(file);
  }

  beforeAll(async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    app = await startApp();
    [operator, anna, ben] = await Promise.all([launchPerson(LAPTOP), launchPerson(LAPTOP), launchPerson(PHONE)]);
    collectPageErrors(operator.page, 'admin', pageErrors);
    collectPageErrors(anna.page, 'anna', pageErrors);
    collectPageErrors(ben.page, 'ben', pageErrors);
  });

  afterAll(async () => {
    await Promise.all([operator?.close(), anna?.close(), ben?.close()]);
    await app?.stop();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  it('logs the admin in, who imports a TOML quiz by drag and drop and saves it', async () => {
    const page = operator.page;
    await page.goto(`${app.baseUrl}/login`);
    await loginForm(page).getByLabel('Nutzername').fill('admin');
    await loginForm(page).getByLabel('Passwort').fill(ADMIN_PASSWORD);
    await loginForm(page).getByRole('button', { name: 'Einloggen' }).click();
    await nav(page, 'Quiz-Konfiguration');
    await see(page.getByRole('heading', { name: 'Quiz-Konfiguration', level: 1 }));
    await see(page.getByText('Noch keine Quizes.'));

    const form = page.getByRole('region', { name: 'Neues Quiz' });
    // Saving without anything says what is missing (spec §5).
    await form.getByRole('button', { name: 'Speichern' }).click();
    await see(alert(page, 'Kein Quizname gesetzt. Das Quiz wurde nicht gespeichert'));
    await dismissNotices(page);

    // A real drop event carrying the file, as a moderator drags it from the desktop.
    const dataTransfer = await page.evaluateHandle(
      `(() => { const dt = new DataTransfer(); dt.items.add(new File([${JSON.stringify(QUIZ_TOML)}], 'operatorabend.toml', { type: 'application/toml' })); return dt; })()`,
    );
    await form.getByText('TOML-Datei hierher ziehen oder').dispatchEvent('drop', { dataTransfer });
    await see(page.getByRole('status').filter({ hasText: '3 Fragen eingelesen.' }));
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('Operatorabend');
    expect(await form.getByLabel('year_week (z. B. 2026-47)').inputValue()).toBe('2026-47');
    const preview = form.getByRole('table');
    await see(
      preview
        .getByRole('row')
        .filter({ hasText: 'Wie heißt die Hauptstadt von Frankreich?' })
        .filter({ hasText: '(2) Erdkunde' }),
    );
    await see(preview.getByRole('row').filter({ hasText: 'Nena · Helene Fischer · Udo Jürgens · Peter Maffay' }));
    expect(await preview.getByRole('row').count()).toBe(4);
    await shoot('config', preview);

    await form.getByRole('button', { name: 'Speichern' }).click();
    await see(page.getByRole('status').filter({ hasText: 'Quiz erfolgreich gespeichert.' }));
    const all = page.getByRole('region', { name: 'Alle Quizes' });
    const row = all.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await see(row);
    expect(await row.count()).toBe(1);
    quizId = ((await row.getByRole('rowheader').textContent()) ?? '').trim();
    expect(quizId).toMatch(/^\d+$/);
    expect(await all.getByLabel(`Quiz ${quizId}: Name`).inputValue()).toBe('Operatorabend');
  });

  it('has two teams, each created by its player in an own browser', async () => {
    await Promise.all([
      register(anna.page, app.baseUrl, 'anna', 'geheim123').then(() =>
        createTeam(anna.page, FOXES, 'anna-team', 'Köln'),
      ),
      register(ben.page, app.baseUrl, 'ben', 'geheim123').then(() => createTeam(ben.page, OWLS, 'ben-team', 'Bonn')),
    ]);
    // A team photo for the picture viewer: a screenshot of ben's team page.
    const photo = await ben.page.screenshot();
    await ben.page.getByRole('button', { name: 'Menü', exact: true }).click();
    await ben.page.getByRole('link', { name: 'Foto hochladen' }).click();
    await ben.page
      .getByLabel('Bild hochladen (PNG, JPEG oder GIF)')
      .setInputFiles({ name: 'eulen.png', mimeType: 'image/png', buffer: photo });
    await see(ben.page.locator('.upload').getByRole('status').filter({ hasText: 'Hochgeladen. Danke!' }));
    await ben.page.getByRole('link', { name: 'Quiztool', exact: true }).first().click();
    await see(ben.page.getByRole('heading', { name: OWLS, level: 2 }));
  });

  it('runs a normal question with a preset countdown: both teams propose, choose and lock in', async () => {
    const page = operator.page;
    await nav(page, 'Steuerung');
    const current = page.getByRole('region', { name: 'Aktuelle Frage' });
    await current.getByLabel('Quiz-Nr.').fill(quizId);
    await current.getByLabel('Runde', { exact: true }).fill('1');
    await current.getByLabel('Frage', { exact: true }).fill('1');
    await current.getByRole('button', { name: 'Frage starten' }).click();
    await see(current.getByText('Wie heißt die Hauptstadt von Frankreich?'));
    await see(current.getByText('Frage aktiv (qa)'));

    for (const [person, answer] of [
      [anna, 'Paris'],
      [ben, 'Lyon'],
    ] as const) {
      await see(person.page.getByText('Wie heißt die Hauptstadt von Frankreich?'));
      await propose(person.page, answer);
      await proposal(person.page, answer).getByRole('button', { name: 'Als Favorit wählen' }).click();
      await see(proposal(person.page, answer).getByText('★ Favorit'));
    }
    const favourites = page.getByRole('region', { name: 'Favoriten' });
    await see(favourites.getByRole('row').filter({ hasText: FOXES }).filter({ hasText: 'Paris' }));
    await see(favourites.getByRole('row').filter({ hasText: OWLS }).filter({ hasText: 'Lyon' }));

    await current
      .getByRole('group', { name: 'Countdown starten' })
      .getByRole('button', { name: '5 s', exact: true })
      .click();
    await see(current.getByText('Countdown läuft (qc)'));
    await see(current.locator('.time-left--urgent'));
    await shoot('control');

    for (const [person, answer, who] of [
      [anna, 'Paris', 'anna'],
      [ben, 'Lyon', 'ben'],
    ] as const) {
      const taken = person.page.locator('.taken-answer');
      await see(taken.getByRole('heading', { name: 'Eure eingeloggte Antwort' }), 15_000);
      await see(taken.getByText(answer));
      await see(taken.getByText(`von ${who}`));
    }
    await see(current.getByText('keine Frage aktiv (qn)'));
  });

  it('runs an abcd question with the next-question button and a custom countdown', async () => {
    const page = operator.page;
    const current = page.getByRole('region', { name: 'Aktuelle Frage' });
    await current.getByRole('button', { name: 'Nächste Frage (Runde 1 · Frage 2)' }).click();
    await see(current.getByText('Wer sang „Atemlos durch die Nacht“?'));

    for (const [person, option] of [
      [anna, /^C\s*Udo Jürgens$/],
      [ben, /^B\s*Helene Fischer$/],
    ] as const) {
      await see(person.page.getByText('Wer sang „Atemlos durch die Nacht“?'));
      await person.page.getByRole('button', { name: option }).click();
      await see(person.page.getByRole('button', { name: option, pressed: true }));
    }
    await current.getByLabel('Eigene Sekunden').fill('2');
    await current.getByRole('button', { name: 'Senden', exact: true }).click();
    await see(current.getByText('Countdown läuft (qc)'));

    for (const [person, letter] of [
      [anna, 'C'],
      [ben, 'B'],
    ] as const) {
      const taken = person.page.locator('.taken-answer');
      await see(taken.getByRole('heading', { name: 'Eure eingeloggte Antwort' }), 15_000);
      await see(taken.getByText(letter, { exact: true }));
    }
    await see(current.getByText('keine Frage aktiv (qn)'));
  });

  it('lets the tester rate both answers of both questions', async () => {
    const page = operator.page;
    await nav(page, 'Kontrolleur');
    await page.getByLabel('Quiz-ID').fill(quizId);
    await page.getByRole('button', { name: 'Kontrollieren' }).click();
    const checker = page.locator('.checker');
    await see(checker.getByText('Paris', { exact: true }));
    await see(checker.getByText('max. 2 Punkte'));

    // Question 1: Paris is worth 2, Lyon nothing. Question 2: B is right (1 point), C is wrong.
    await rateAnswers(page, { [FOXES]: 2, [OWLS]: 0 });
    await shoot('tester');
    await checker.getByRole('button', { name: 'Nächste Frage' }).click();
    await see(checker.getByText('max. 1 Punkt'));
    await rateAnswers(page, { [FOXES]: 0, [OWLS]: 1 });

    await page.getByText('Ganze Runde', { exact: true }).click();
    const table = page.getByRole('table');
    await see(table.getByRole('columnheader', { name: 'Frage 2' }));
    const foxes = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: FOXES }) });
    await see(foxes.getByRole('cell').filter({ hasText: 'Paris' }).filter({ hasText: '2 Punkte · kontrolliert' }));
    await see(foxes.getByRole('cell').filter({ hasText: 'C' }).filter({ hasText: '0 Punkte · kontrolliert' }));
    const owls = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: OWLS }) });
    await see(owls.getByRole('cell').filter({ hasText: 'B' }).filter({ hasText: '1 Punkt · kontrolliert' }));
    await shoot('tester-round');
  });

  it('shows the points with their chart, downloads teams.txt byte for byte and publishes the ranking', async () => {
    const page = operator.page;
    await nav(page, 'Punkte (Moderation)');
    await page.getByLabel('Quiz-ID').fill(quizId);
    await page.getByRole('button', { name: 'Übersicht anzeigen' }).click();
    const table = page.getByRole('table');
    await see(table);
    const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await see(rows.first().getByRole('rowheader', { name: FOXES }));
    await see(rows.nth(1).getByRole('rowheader', { name: OWLS }));
    await see(page.getByRole('img', { name: 'Liniendiagramm: Gesamtpunkte jedes Teams nach jeder Runde' }));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'teams.txt herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('teams.txt');
    const bytes = await readFile(await download.path());
    const expected = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`#QUIZSHOW-TEAMS\r\n02|00|00|${FOXES}|1\r\n01|00|00|${OWLS}|1\r\n`, 'utf8'),
    ]);
    expect(bytes.toString('hex')).toBe(expected.toString('hex'));

    await page.getByRole('button', { name: 'Veröffentlichen' }).click();
    await see(page.locator('.badge[role="status"]').filter({ hasText: 'Die Punkte sind veröffentlicht.' }));
    await shoot('points', page.locator('.points-chart'));

    for (const person of [anna, ben]) {
      await person.page.goto(`${app.baseUrl}/points`);
      const ranking = person.page.getByRole('table');
      const first = ranking.getByRole('row').filter({ has: person.page.getByRole('rowheader', { name: FOXES }) });
      await see(first.getByRole('img', { name: 'Platz 1' }));
      expect((await first.getByRole('cell').last().textContent())?.trim()).toBe('2');
      const second = ranking.getByRole('row').filter({ has: person.page.getByRole('rowheader', { name: OWLS }) });
      await see(second.getByRole('img', { name: 'Platz 2' }));
      expect((await second.getByRole('cell').last().textContent())?.trim()).toBe('1');
      await person.page.getByRole('link', { name: 'Quiztool', exact: true }).first().click();
      await see(person.page.getByRole('heading', { name: person === anna ? FOXES : OWLS, level: 2 }));
    }
  });

  it('shows the uploaded team photo in the picture viewer', async () => {
    const page = operator.page;
    await nav(page, 'Bildbetrachter');
    await see(page.getByRole('heading', { name: 'Bildbetrachter', level: 1 }));
    // Uploads lie in team/<team id>/: open folders until the picture shows.
    const picture = page.locator('.folder-list img');
    for (const folder of ['team', OWLS]) {
      await see(page.getByRole('button', { name: `Ordner ${folder} öffnen` }));
      await page.getByRole('button', { name: `Ordner ${folder} öffnen` }).click();
    }
    await see(picture);
    await see(page.getByRole('heading', { name: `team / ${OWLS}` }));
    await shoot('picviewer');
  });

  it('puts the server into maintenance: players see it and cannot send, then they can again', async () => {
    const page = operator.page;
    // A third question, so that the players have something to send.
    await nav(page, 'Steuerung');
    const current = page.getByRole('region', { name: 'Aktuelle Frage' });
    await current.getByRole('button', { name: 'Nächste Frage (Runde 2 · Frage 1)' }).click();
    for (const person of [anna, ben]) await see(person.page.getByText('Wie viele Bits hat ein Byte?'));

    await nav(page, 'Admin');
    const maintenance = page.getByRole('region', { name: 'Maintenance' });
    await maintenance.getByRole('button', { name: 'Set To now' }).click();
    await maintenance.getByRole('button', { name: 'Add 60 Sec' }).click();
    const recheckAt = Number(await maintenance.getByLabel('Recheck-Zeit (Epoch ms)').inputValue());
    expect(recheckAt).toBeGreaterThan(Date.now() + 30_000);
    await shoot('admin');
    await maintenance.getByRole('button', { name: 'Send Maintenance' }).click();

    for (const person of [anna, ben]) {
      await see(person.page.getByRole('status').filter({ hasText: MAINTENANCE_BANNER }));
      // In maintenance (global state "ma") the open question stays in view, read-only; whatever a player sends is refused locally.
      await see(person.page.getByText('Wie viele Bits hat ein Byte?'));
      expect(await person.page.getByLabel('Deine Antwort').isDisabled()).toBe(true);
      await person.page.getByRole('button', { name: 'Einladen' }).click();
      await see(alert(person.page, MAINTENANCE_SEND_REFUSED));
      expect(await person.page.getByRole('dialog', { name: 'Freunde einladen' }).count()).toBe(0);
      await dismissNotices(person.page);
    }

    await maintenance.getByRole('button', { name: 'Disable Maintenance' }).click();
    for (const person of [anna, ben]) {
      await person.page.getByRole('status').filter({ hasText: MAINTENANCE_BANNER }).waitFor({ state: 'detached' });
      await propose(person.page, '8');
    }
    await nav(page, 'Steuerung');
    await page.getByRole('region', { name: 'Aktuelle Frage' }).getByRole('button', { name: 'Frage beenden' }).click();
    for (const person of [anna, ben]) await see(person.page.locator('.taken-answer').getByText('8', { exact: true }));
    expect(shots).toHaveLength(7);
  });
});

/** What the test calls on an element in the page (the root tsconfig has no DOM types). */
interface ScrollableElement {
  scrollIntoView(options: { block: 'end' }): void;
}

function alert(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/**
 * Closes the page's notices. Non-error notices also close themselves after 5 s, so "count them, then
 * click the first" raced that timer: a notice could vanish between the count and the click, and the
 * click then waited for a button that was gone. Here the page closes whatever notices it shows in one
 * synchronous step (no timer can run in between) and repeats until none is left.
 */
async function dismissNotices(page: Page): Promise<void> {
  if ((await page.locator('dialog[open]').count()) > 0) return;
  await untilInPage(
    page,
    `(() => {
    const buttons = [...document.querySelectorAll('.notices--page .notice button[aria-label="Schließen"]')];
    buttons.forEach((button) => button.click());
    return buttons.length === 0;
  })()`,
  );
}
