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
import { isSameDocument, markDocument, nav } from './support/night';
import { collectPageErrors, fillRegistration, loginForm, registrationForm, see } from './support/player';

const TEAM = 'Spätzünder';
const TEAM_PASSWORD = 'spät-aber-da';
const QUESTION = 'Wie heißt die Hauptstadt von Frankreich?';
const JOIN_FAILED = 'Teambeitritt hat leider nicht funktioniert.';

/**
 * Operator screens stay current through the night (operator view) and players join by the short team
 * number: the moderator opens the control page first; teams and players come later, and their names
 * show without a reload.
 */
describe('operator lists that stay current, and joining by team number, in the browser', () => {
  let app: RunningApp;
  let operator: Person;
  let ben: Person;
  let anna: WsClient | undefined;
  let quizId: string;
  let teamNumber: number;
  const pageErrors: string[] = [];

  /** A player made over HTTP, as another device would: registered and logged in. */
  async function playerOverHttp(login: string): Promise<string> {
    const registered = await callApi(app.baseUrl, 'POST', '/api/users', {
      data: { type: 'users', attributes: { login, name: login, newPassword: 'geheim123' } },
    });
    expect(registered.status).toBe(201);
    return loginOverHttp(app.baseUrl, login, 'geheim123');
  }

  beforeAll(async () => {
    app = await startApp();
    [operator, ben] = await Promise.all([launchPerson(LAPTOP), launchPerson(PHONE)]);
    collectPageErrors(operator.page, 'admin', pageErrors);
    collectPageErrors(ben.page, 'ben', pageErrors);
    const adminToken = await loginOverHttp(app.baseUrl, 'admin', ADMIN_PASSWORD);
    quizId = await createQuizOverHttp(app.baseUrl, adminToken, {
      name: 'Späte Teams',
      yearWeek: '2026-47',
      content: [{ type: 'normal', round: 1, number: 1, category: '(2) Erdkunde', question: QUESTION, answer: 'Paris' }],
    });
  });

  afterAll(async () => {
    await anna?.close();
    await Promise.all([operator?.close(), ben?.close()]);
    await app?.stop();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  it('the moderator opens the control page and starts a question before any team exists', async () => {
    const page = operator.page;
    await page.goto(`${app.baseUrl}/login`);
    await loginForm(page).getByLabel('Nutzername').fill('admin');
    await loginForm(page).getByLabel('Passwort').fill(ADMIN_PASSWORD);
    await loginForm(page).getByRole('button', { name: 'Einloggen' }).click();
    await nav(page, 'Steuerung');
    const current = page.getByRole('region', { name: 'Aktuelle Frage' });
    await current.getByLabel('Quiz-Nr.').fill(quizId);
    await current.getByLabel('Runde', { exact: true }).fill('1');
    await current.getByLabel('Frage', { exact: true }).fill('1');
    await current.getByRole('button', { name: 'Frage starten' }).click();
    await see(current.getByText(QUESTION));
    await see(favourites(page).getByText('Es gibt noch keine Favoriten'));
    await markDocument(page);
  });

  it("a team created in the middle of the night shows by name in the moderator's favourites, without a reload", async () => {
    const token = await playerOverHttp('anna');
    const created = await callApi(
      app.baseUrl,
      'POST',
      '/api/teams',
      { name: TEAM, newPassword: TEAM_PASSWORD, stadt: 'Köln', beschreibung: 'Spät, aber da' },
      token,
    );
    expect(created.status).toBe(201);
    teamNumber = (created.body.data as { attributes: { number: number } }).attributes.number;
    anna = await WsClient.open(app.wsUrl, token);
    expect((await anna.request('gp', { message: 'Paris' })).success).toBe(true);
    expect((await anna.request('gf', { number: 1 })).success).toBe(true);

    const page = operator.page;
    await see(favourites(page).getByRole('row').filter({ hasText: TEAM }).filter({ hasText: 'Paris' }));
    expect(await favourites(page).getByText('(kein Team)').count()).toBe(0);
    expect(await isSameDocument(page)).toBe(true);
  });

  it("ben joins that team with the number its members see, and his favourite shows under the team's name", async () => {
    const page = ben.page;
    await page.goto(`${app.baseUrl}/login`);
    const register = registrationForm(page);
    await fillRegistration(register, 'ben', 'geheim123', 'geheim123');
    await register.getByRole('button', { name: 'Registrieren' }).click();
    await see(page.getByRole('heading', { name: 'Team auswählen' }));

    const join = page.getByRole('form', { name: 'Mit Teamnummer und Passwort beitreten' });
    const numberField = join.getByLabel('Teamnummer');
    expect(await numberField.getAttribute('inputmode')).toBe('numeric');
    // A number no team has: the spec's alert, once.
    await numberField.fill(String(teamNumber + 100));
    await join.getByLabel('Team-Passwort').fill(TEAM_PASSWORD);
    await join.getByRole('button', { name: 'Beitreten' }).click();
    const refused = page.getByRole('alert').filter({ hasText: JOIN_FAILED });
    await see(refused);
    expect((await refused.locator('span').first().textContent())?.trim()).toBe(JOIN_FAILED);
    await refused.getByRole('button', { name: 'Schließen' }).click();

    await numberField.fill(String(teamNumber));
    await join.getByLabel('Team-Passwort').fill(TEAM_PASSWORD);
    await join.getByRole('button', { name: 'Beitreten' }).click();
    await see(page.getByRole('heading', { name: TEAM, level: 2 }));
    await see(
      page.getByText(`Eure Teamnummer ist ${teamNumber}. Mit ihr und eurem Team-Passwort können Freunde beitreten.`),
    );

    await see(page.getByText(QUESTION));
    await page.getByLabel('Deine Antwort').fill('Lyon');
    await page.getByRole('button', { name: 'Vorschlagen' }).click();
    const lyon = page.locator('.proposal-list > li').filter({ hasText: 'Lyon' });
    await lyon.getByRole('button', { name: 'Als Favorit wählen' }).click();
    await see(lyon.getByText('★ Favorit'));

    await see(favourites(operator.page).getByRole('row').filter({ hasText: TEAM }).filter({ hasText: 'Lyon' }));
    expect(await isSameDocument(operator.page)).toBe(true);
  });

  it('the team edit page shows the number too', async () => {
    const page = ben.page;
    await page.getByRole('link', { name: 'Team bearbeiten' }).first().click();
    await see(page.getByRole('heading', { name: 'Team bearbeiten', level: 1 }));
    expect(await page.getByLabel('Teamnummer').inputValue()).toBe(String(teamNumber));
  });

  it("the admin's lists take a team and a player registered later, without a reload", async () => {
    const page = operator.page;
    await nav(page, 'Admin');
    const teams = page.getByRole('region', { name: 'JoinTeam' }).getByLabel('Team');
    await expectOption(teams, `${TEAM} (Nr. ${teamNumber})`);
    const token = await playerOverHttp('nachteule');
    const created = await callApi(
      app.baseUrl,
      'POST',
      '/api/teams',
      { name: 'Nachteulen', newPassword: 'uhu-team', stadt: 'Bonn', beschreibung: 'Nachts wach' },
      token,
    );
    expect(created.status).toBe(201);
    const number = (created.body.data as { attributes: { number: number } }).attributes.number;
    await expectOption(teams, `Nachteulen (Nr. ${number})`);
    await expectOption(page.getByRole('region', { name: 'LoginUser' }).getByLabel('Nutzer'), 'nachteule (nachteule)');
    expect(await isSameDocument(page)).toBe(true);
  });
});

function favourites(page: Page): Locator {
  return page.getByRole('region', { name: 'Favoriten' });
}

/** Options of a closed select are not "visible": wait until the select holds one with this text. */
async function expectOption(select: Locator, text: string): Promise<void> {
  await select.locator('option', { hasText: text }).waitFor({ state: 'attached' });
}
