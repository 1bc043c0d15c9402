import type { Page } from 'playwright-core';
import { seedShow, type SeededNight } from '../support/seed-show';
import { LAPTOP, launchPerson, type Person } from './support/browser';
import { isSameDocument, markDocument } from './support/night';
import { collectPageErrors, see } from './support/player';
import { ADMIN_PASSWORD, loginOverHttp, startApp, type RunningApp } from './support/server';

const TEAMS = 1000;
const elements = async (page: Page) => (await page.evaluate("document.getElementsByTagName('*').length")) as number;

/**
 * A night of 1,000 teams (seeded into the store before the server starts: 4,000 players, about
 * 4,850 locked-in answers) in the crew's browser (issue "A real show at 1,000 teams in the browser").
 */
describe('the operator screens at 1,000 teams', () => {
  let app: RunningApp;
  let crew: Person;
  let night: SeededNight;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    app = await startApp({ seed: async (dataDir) => (night = await seedShow({ dataDir }, { teams: TEAMS })) });
    crew = await launchPerson(LAPTOP);
    collectPageErrors(crew.page, 'admin', pageErrors);
    await crew.page.goto(`${app.baseUrl}/login`);
    const token = await loginOverHttp(app.baseUrl, 'admin', ADMIN_PASSWORD);
    await crew.page.evaluate(`window.localStorage.setItem('token', ${JSON.stringify(token)})`);
  }, 240_000);

  afterAll(async () => {
    await crew?.close();
    await app?.stop();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  it('Benutzer und Rollen lists every user with fewer than 2,000 elements in the page, and the last one is reached by scrolling', async () => {
    const page = crew.page;
    await page.goto(`${app.baseUrl}/admin/users`);
    const users = night.players + 3; // the players, the seeded moderator and checker, and the admin
    await see(page.getByRole('status').filter({ hasText: `${users} Benutzer` }));
    await see(page.getByRole('rowheader', { name: 'admin', exact: true }));
    expect(await elements(page)).toBeLessThan(2000);

    // Sorted by name, "spieler-999-3" is the last player; only scrolling brings its row into the page.
    const last = page.getByRole('rowheader', { name: 'spieler-999-3', exact: true });
    expect(await last.count()).toBe(0);
    await page
      .locator('.windowed')
      .evaluate((box: { scrollTo(x: number, y: number): void; scrollHeight: number }) =>
        box.scrollTo(0, box.scrollHeight),
      );
    await see(last);
    expect(await elements(page)).toBeLessThan(2000);

    await page.getByLabel('Benutzer suchen').fill('spieler-999-');
    await see(page.getByRole('status').filter({ hasText: `4 von ${users} Benutzern` }));
    expect(await page.locator('table.user-roles tbody tr').count()).toBe(4);
  });

  it('the moderator publishes the points of 1,000 teams; the page stays, and the server holds them published', async () => {
    const page = crew.page;
    await page.goto(`${app.baseUrl}/moderator/points`);
    await page.getByLabel('Quiz-ID').fill(night.quizId);
    await page.getByRole('button', { name: 'Übersicht anzeigen' }).click();
    await see(page.locator('table.points-table tbody tr'));
    expect(await elements(page)).toBeLessThan(2000);
    await markDocument(page);
    await page.getByRole('button', { name: 'Veröffentlichen', exact: true }).click();
    const badge = page.locator('.badge[role=status]');
    await see(badge.filter({ hasText: 'Die Punkte sind veröffentlicht.' }));
    expect(await isSameDocument(page)).toBe(true);

    // The badge follows the pushed global view: after a reload it shows what the server holds.
    await page.reload();
    await page.getByLabel('Quiz-ID').fill(night.quizId);
    await page.getByRole('button', { name: 'Übersicht anzeigen' }).click();
    await see(badge.filter({ hasText: 'Die Punkte sind veröffentlicht.' }));
  });
});
