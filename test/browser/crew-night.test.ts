import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { LAPTOP, launchPerson, type Person, PHONE, SCREENSHOT_DIR } from './support/browser';
import {
  createTeam,
  isSameDocument,
  logIn,
  markDocument,
  nav,
  proposeAsFavourite,
  rateAnswers,
  register,
} from './support/night';
import { collectPageErrors, loginForm, see } from './support/player';
import { ADMIN_PASSWORD, startApp, type RunningApp } from './support/server';
import { untilInPage } from '../support/page-wait';

const QUIZ_TOML = `name = "Crewabend"
yearWeek = "2026-48"

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
`;

const PASSWORD = 'geheim123';
const MODERATOR = 'mona';
const TESTERS = ['tilda', 'theo'] as const;
const FOXES = 'Die Quizfüchse';
const OWLS = 'Eulen aus Bonn';
const NEWSLETTER_BEFORE = 'https://newsletter.example.org/subscribe?u=crew';
const NEWSLETTER_AFTER = 'https://listen.example.net/crew/anmelden';

/**
 * A night run by a crew, each person in an own Chromium profile and nobody sharing a login: five people
 * register; the admin makes one of them the moderator and two the testers in "Benutzer und Rollen";
 * their open apps get the operator pages without a new login; the moderator runs two questions for two
 * teams (one founded while the control page is open); the testers rate at the same time; the replay's
 * audit names each tester; and a visitor's about page follows the admin's new newsletter address.
 */
describe('a crew night in the browser', () => {
  let app: RunningApp;
  let admin: Person;
  let moderator: Person;
  let tilda: Person;
  let theo: Person;
  let anna: Person;
  let ben: Person;
  let visitor: Person;
  let quizId: string;
  const pageErrors: string[] = [];

  const control = () => moderator.page.getByRole('region', { name: 'Aktuelle Frage' });
  const favourites = () => moderator.page.getByRole('region', { name: 'Favoriten' });
  const favouriteRow = (team: string) =>
    favourites()
      .getByRole('row')
      .filter({ has: moderator.page.getByRole('rowheader', { name: team, exact: true }) });
  const showSettings = () => admin.page.getByRole('region', { name: 'Show-Einstellungen' });

  async function saveNewsletterAddress(address: string): Promise<void> {
    await showSettings().getByLabel('Newsletter-Adresse').fill(address);
    await showSettings().getByRole('button', { name: 'Show-Einstellungen speichern' }).click();
    await see(showSettings().getByRole('status').filter({ hasText: 'Show-Einstellungen gespeichert.' }));
  }

  beforeAll(async () => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    app = await startApp();
    [admin, moderator, tilda, theo, anna, ben, visitor] = await Promise.all([
      launchPerson(LAPTOP),
      launchPerson(LAPTOP),
      launchPerson(LAPTOP),
      launchPerson(LAPTOP),
      launchPerson(LAPTOP),
      launchPerson(PHONE),
      launchPerson(LAPTOP),
    ]);
    const people: Array<[Person, string]> = [
      [admin, 'admin'],
      [moderator, MODERATOR],
      [tilda, 'tilda'],
      [theo, 'theo'],
      [anna, 'anna'],
      [ben, 'ben'],
      [visitor, 'visitor'],
    ];
    for (const [person, who] of people) collectPageErrors(person.page, who, pageErrors);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([admin, moderator, tilda, theo, anna, ben, visitor].map((person) => person?.close()));
    await app?.stop();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  it("before the night, the admin sets a newsletter address, and a logged-out visitor's about page posts there", async () => {
    await logIn(admin.page, app.baseUrl, 'admin', ADMIN_PASSWORD);
    await nav(admin.page, 'Admin');
    await saveNewsletterAddress(NEWSLETTER_BEFORE);

    await visitor.page.goto(`${app.baseUrl}/about`);
    await see(visitor.page.getByRole('heading', { name: 'Über uns' }));
    await see(visitor.page.locator(`form.newsletter[action="${NEWSLETTER_BEFORE}"]`));
    await markDocument(visitor.page);
  });

  it('the admin opens "Benutzer und Rollen" while nobody else has registered yet', async () => {
    const page = admin.page;
    await page.getByRole('link', { name: 'Benutzer und Rollen' }).click();
    await see(page.getByRole('heading', { name: 'Benutzer und Rollen', level: 1 }));
    await see(page.getByRole('status').filter({ hasText: /^1 Benutzer$/ }));
    await markDocument(page);
  });

  it('five people register, each in an own browser; anna founds her team', async () => {
    await Promise.all([
      register(moderator.page, app.baseUrl, MODERATOR, PASSWORD),
      register(tilda.page, app.baseUrl, 'tilda', PASSWORD),
      register(theo.page, app.baseUrl, 'theo', PASSWORD),
      register(anna.page, app.baseUrl, 'anna', PASSWORD).then(() => createTeam(anna.page, FOXES, 'anna-team', 'Köln')),
      register(ben.page, app.baseUrl, 'ben', PASSWORD),
    ]);
    for (const person of [moderator, tilda, theo]) {
      expect(await operatorLinks(person.page).count()).toBe(0);
      await markDocument(person.page);
    }
  });

  it("the five show up on the admin's open screen, who grants moderator to mona and tester to tilda and theo by clicking their boxes", async () => {
    const page = admin.page;
    await see(page.getByRole('status').filter({ hasText: /^6 Benutzer$/ }));
    expect(await isSameDocument(page)).toBe(true);

    const grants: Array<[string, string, string]> = [
      [MODERATOR, 'Moderation', 'Rollen von mona: Moderation'],
      ['tilda', 'Kontrolle', 'Rollen von tilda: Kontrolle'],
      ['theo', 'Kontrolle', 'Rollen von theo: Kontrolle'],
    ];
    for (const [name, role, saved] of grants) {
      const box = userRow(page, name).getByRole('checkbox', { name: `${role} für ${name}` });
      expect(await box.isChecked()).toBe(false);
      await box.click();
      await see(page.getByRole('status').filter({ hasText: saved }));
      // The box shows what the server holds: it is on once the server has answered.
      expect(await box.isChecked()).toBe(true);
    }
    for (const [name, roles] of [
      [MODERATOR, [false, true, false]],
      ['tilda', [false, false, true]],
      ['theo', [false, false, true]],
      ['anna', [false, false, false]],
      ['ben', [false, false, false]],
    ] as const) {
      const row = userRow(page, name);
      expect([
        await row.getByRole('checkbox', { name: `Admin für ${name}` }).isChecked(),
        await row.getByRole('checkbox', { name: `Moderation für ${name}` }).isChecked(),
        await row.getByRole('checkbox', { name: `Kontrolle für ${name}` }).isChecked(),
      ]).toEqual(roles);
    }

    await untilInPage(page, '!document.querySelector("tr[aria-busy=true]")');
    await dismissNotices(page);
    await page.mouse.move(0, 0);
    await page.evaluate('window.scrollTo(0, 0)');
    // The whole page: all six users with their roles.
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'crew-admin-users-roles.png'),
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
    });
  });

  it("a role change ends the crew's older logins: their open apps say why, and after logging in again they are back with the granted pages", async () => {
    // PROTOCOL.md wave 4: a token issued before a role change no longer counts (a stolen player token never gains operator power).
    for (const [person, name] of [
      [moderator, MODERATOR],
      [tilda, 'tilda'],
      [theo, 'theo'],
    ] as const) {
      await see(person.page.getByText('Deine Anmeldung wurde beendet', { exact: false }));
      await person.page.waitForURL(`${app.baseUrl}/login`);
      await loginForm(person.page).getByLabel('Nutzername').fill(name);
      await loginForm(person.page).getByLabel('Passwort').fill(PASSWORD);
      await loginForm(person.page).getByRole('button', { name: 'Einloggen' }).click();
      await person.page.waitForURL((url) => url.pathname !== '/login');
    }
    const moderatorLinks = operatorLinks(moderator.page);
    for (const name of ['Steuerung', 'Quiz-Konfiguration', 'Bildbetrachter', 'Punkte (Moderation)'])
      await see(moderatorLinks.getByRole('link', { name, exact: true }));
    expect(await moderatorLinks.getByRole('link', { name: 'Kontrolleur', exact: true }).count()).toBe(0);
    expect(await moderatorLinks.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    for (const tester of [tilda, theo]) {
      await see(operatorLinks(tester.page).getByRole('link', { name: 'Kontrolleur', exact: true }));
      expect(await operatorLinks(tester.page).getByRole('link', { name: 'Steuerung', exact: true }).count()).toBe(0);
    }
    for (const person of [moderator, tilda, theo]) await markDocument(person.page); // from here on, the night runs without a reload
  });

  it('the moderator imports the quiz by dropping a TOML file and saves it', async () => {
    const page = moderator.page;
    await nav(page, 'Quiz-Konfiguration');
    await see(page.getByRole('heading', { name: 'Quiz-Konfiguration', level: 1 }));
    const form = page.getByRole('region', { name: 'Neues Quiz' });
    const dataTransfer = await page.evaluateHandle(
      `(() => { const dt = new DataTransfer(); dt.items.add(new File([${JSON.stringify(QUIZ_TOML)}], 'crewabend.toml', { type: 'application/toml' })); return dt; })()`,
    );
    await form.getByText('TOML-Datei hierher ziehen oder').dispatchEvent('drop', { dataTransfer });
    await see(page.getByRole('status').filter({ hasText: '2 Fragen eingelesen.' }));
    await form.getByRole('button', { name: 'Speichern' }).click();
    await see(page.getByRole('status').filter({ hasText: 'Quiz erfolgreich gespeichert.' }));
    const row = page
      .getByRole('region', { name: 'Alle Quizes' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader') });
    await see(row);
    expect(await row.count()).toBe(1);
    quizId = ((await row.getByRole('rowheader').textContent()) ?? '').trim();
    expect(quizId).toMatch(/^\d+$/);
    expect(await isSameDocument(page)).toBe(true);
  });

  it("the moderator opens the control page and starts the first question; anna's team picks its favourite", async () => {
    const page = moderator.page;
    await nav(page, 'Steuerung');
    await control().getByLabel('Quiz-Nr.').fill(quizId);
    await control().getByLabel('Runde', { exact: true }).fill('1');
    await control().getByLabel('Frage', { exact: true }).fill('1');
    await control().getByRole('button', { name: 'Frage starten' }).click();
    await see(control().getByText('Frage aktiv (qa)'));
    await see(favourites().getByText('Es gibt noch keine Favoriten'));

    await see(anna.page.getByText('Wie heißt die Hauptstadt von Frankreich?'));
    await proposeAsFavourite(anna.page, 'Paris');
    await see(favouriteRow(FOXES).filter({ hasText: 'Paris' }));
  });

  it("ben founds his team in the middle of the night: it shows by name in the moderator's favourites, without a reload", async () => {
    await createTeam(ben.page, OWLS, 'ben-team', 'Bonn');
    await see(ben.page.getByText('Wie heißt die Hauptstadt von Frankreich?'));
    await proposeAsFavourite(ben.page, 'Lyon');

    await see(favouriteRow(OWLS).filter({ hasText: 'Lyon' }));
    await see(favouriteRow(FOXES).filter({ hasText: 'Paris' }));
    expect(await favourites().getByText('(kein Team)').count()).toBe(0);
    expect(await isSameDocument(moderator.page)).toBe(true);
  });

  it("a preset countdown locks in both teams' answers", async () => {
    await control()
      .getByRole('group', { name: 'Countdown starten' })
      .getByRole('button', { name: '5 s', exact: true })
      .click();
    await see(control().getByText('Countdown läuft (qc)'));
    for (const [person, answer, who] of [
      [anna, 'Paris', 'anna'],
      [ben, 'Lyon', 'ben'],
    ] as const) {
      const taken = person.page.locator('.taken-answer');
      await see(taken.getByRole('heading', { name: 'Eure eingeloggte Antwort' }), 20_000);
      await see(taken.getByText(answer));
      await see(taken.getByText(`von ${who}`));
    }
    await see(control().getByText('keine Frage aktiv (qn)'));
  });

  it('an abcd question with the next-question button and a custom countdown', async () => {
    await control().getByRole('button', { name: 'Nächste Frage (Runde 1 · Frage 2)' }).click();
    await see(control().getByText('Wer sang „Atemlos durch die Nacht“?'));
    await Promise.all(
      (
        [
          [anna, /^C\s*Udo Jürgens$/],
          [ben, /^B\s*Helene Fischer$/],
        ] as const
      ).map(async ([person, option]) => {
        await see(person.page.getByText('Wer sang „Atemlos durch die Nacht“?'));
        await person.page.getByRole('button', { name: option }).click();
        // Pressed once the server has taken the proposal.
        await see(person.page.getByRole('button', { name: option, pressed: true }));
      }),
    );
    await control().getByLabel('Eigene Sekunden').fill('3');
    await control().getByRole('button', { name: 'Senden', exact: true }).click();
    await see(control().getByText('Countdown läuft (qc)'));
    for (const [person, letter] of [
      [anna, 'C'],
      [ben, 'B'],
    ] as const) {
      const taken = person.page.locator('.taken-answer');
      await see(taken.getByRole('heading', { name: 'Eure eingeloggte Antwort' }), 20_000);
      await see(taken.getByText(letter, { exact: true }));
    }
    await see(control().getByText('keine Frage aktiv (qn)'));
    expect(await isSameDocument(moderator.page)).toBe(true);
  });

  it("the two testers rate at the same time, each a question of their own, and each sees the other's ratings", async () => {
    const open = async (page: Page, question: 1 | 2) => {
      await nav(page, 'Kontrolleur');
      await page.getByLabel('Quiz-ID').fill(quizId);
      await page.getByRole('button', { name: 'Kontrollieren' }).click();
      const checker = page.locator('.checker');
      await see(checker.getByText('max. 2 Punkte'));
      if (question === 2) {
        await checker.getByRole('button', { name: 'Nächste Frage' }).click();
        await see(checker.getByText('max. 1 Punkt'));
      }
    };
    await Promise.all([open(tilda.page, 1), open(theo.page, 2)]);
    // Question 1: Paris is worth 2, Lyon nothing. Question 2: B is right (1 point), C is wrong.
    await Promise.all([
      rateAnswers(tilda.page, { [FOXES]: 2, [OWLS]: 0 }),
      rateAnswers(theo.page, { [FOXES]: 0, [OWLS]: 1 }),
    ]);

    for (const tester of [tilda, theo]) {
      const page = tester.page;
      await page.getByText('Ganze Runde', { exact: true }).click();
      const table = page.getByRole('table');
      await see(table.getByRole('columnheader', { name: 'Frage 2' }));
      const foxes = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: FOXES }) });
      const owls = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: OWLS }) });
      await see(foxes.getByRole('cell').filter({ hasText: 'Paris' }).filter({ hasText: '2 Punkte · kontrolliert' }));
      await see(foxes.getByRole('cell').filter({ hasText: 'C' }).filter({ hasText: '0 Punkte · kontrolliert' }));
      await see(owls.getByRole('cell').filter({ hasText: 'Lyon' }).filter({ hasText: '0 Punkte · kontrolliert' }));
      await see(owls.getByRole('cell').filter({ hasText: 'B' }).filter({ hasText: '1 Punkt · kontrolliert' }));
      expect(await isSameDocument(page)).toBe(true);
    }
  });

  it("the admin's replay audit shows each rating under its tester's name", async () => {
    const page = admin.page;
    await nav(page, 'Replay');
    await see(page.getByRole('heading', { name: 'Replay eines Quizabends', level: 1 }));
    const nights = page.getByRole('combobox', { name: 'Quizabend' });
    const night = nights.locator('option', { hasText: 'Crewabend' });
    await night.waitFor({ state: 'attached' });
    await nights.selectOption({ value: (await night.getAttribute('value')) ?? '' });
    await page.getByRole('button', { name: 'Laden', exact: true }).click();
    await see(page.locator('.replay-controls__position').filter({ hasText: /^Ereignis (\d+) von \1$/ }));
    await page.getByRole('tab', { name: 'Prüfung', exact: true }).click();
    const audit = page.getByRole('region', { name: 'Prüfung' });

    // By tester: each tester's own ratings, and only those.
    await audit.getByText('Nach Kontrolleur', { exact: true }).click();
    const testerSelect = audit.getByLabel('Kontrolleur', { exact: true });
    const expected: Record<(typeof TESTERS)[number], Array<[string, string, string, string]>> = {
      tilda: [
        ['Frage 1.1', FOXES, 'Paris', '2 Punkte'],
        ['Frage 1.1', OWLS, 'Lyon', '0 Punkte'],
      ],
      theo: [
        ['Frage 1.2', FOXES, 'C', '0 Punkte'],
        ['Frage 1.2', OWLS, 'B', '1 Punkte'],
      ],
    };
    for (const tester of TESTERS) {
      await testerSelect.selectOption({ label: tester });
      const rows = audit.locator('tbody tr');
      await see(rows.filter({ has: page.getByRole('cell', { name: expected[tester][0][0], exact: true }) }));
      await see(audit.getByText('2 Bewertungen', { exact: true }));
      expect(await rows.count()).toBe(2);
      for (const [question, team, answer, value] of expected[tester]) {
        const row = rows
          .filter({ has: page.getByRole('cell', { name: question, exact: true }) })
          .filter({ has: page.getByRole('cell', { name: team, exact: true }) });
        expect(await row.count()).toBe(1);
        expect((await row.getByRole('cell').nth(3).textContent())?.trim()).toBe(answer);
        expect((await row.getByRole('cell').nth(4).textContent())?.trim()).toBe(`${value} (geprüft)`);
      }
    }

    // By team: every answer card names the tester who rated it.
    await audit.getByText('Nach Team', { exact: true }).click();
    await audit.getByLabel('Team', { exact: true }).selectOption({ label: FOXES });
    const card = (question: string) => audit.getByRole('article', { name: question, exact: true });
    await see(card('Frage 1.1'));
    expect(await card('Frage 1.1').locator('.replay-answer__ratings li').allTextContents()).toEqual([
      expect.stringMatching(/^tilda um \d\d:\d\d:\d\d\.\d\d\d: 2 Punkte \(geprüft\)$/),
    ]);
    expect(await card('Frage 1.2').locator('.replay-answer__ratings li').allTextContents()).toEqual([
      expect.stringMatching(/^theo um \d\d:\d\d:\d\d\.\d\d\d: 0 Punkte \(geprüft\)$/),
    ]);
  });

  it("the admin changes the newsletter address; the visitor's about page, open all night, posts there without a reload", async () => {
    await nav(admin.page, 'Admin');
    await saveNewsletterAddress(NEWSLETTER_AFTER);

    const page = visitor.page;
    await see(page.locator(`form.newsletter[action="${NEWSLETTER_AFTER}"]`));
    expect(await page.locator('form.newsletter').count()).toBe(1);
    expect(await isSameDocument(page)).toBe(true);

    await admin.page.mouse.move(0, 0);
    await dismissNotices(admin.page);
    // The section is taller than the window: the sticky navbar would be drawn across the picture.
    await admin.page.addStyleTag({ content: '.topbar { position: static !important; }' });
    await showSettings().screenshot({
      path: path.join(SCREENSHOT_DIR, 'crew-admin-show-settings.png'),
      animations: 'disabled',
      caret: 'hide',
    });
  });
});

function operatorLinks(page: Page): Locator {
  return page.getByRole('list', { name: 'Moderation und Verwaltung' });
}

function userRow(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

/** Closes the page's notices in one synchronous step, until none is left (see operator-night). */
async function dismissNotices(page: Page): Promise<void> {
  await untilInPage(
    page,
    `(() => {
    const buttons = [...document.querySelectorAll('.notices--page .notice button[aria-label="Schließen"]')];
    buttons.forEach((button) => button.click());
    return buttons.length === 0;
  })()`,
  );
}
