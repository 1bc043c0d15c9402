import type { Locator, Page } from 'playwright-core';
import { fillRegistration, loginForm, registrationForm, see } from './player';
import { callApi, loginOverHttp, type RunningApp } from './server';

/** Steps of a night in the browser that several tests take. */

export function nav(page: Page, name: string): Promise<void> {
  return page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name, exact: true }).click();
}

export async function logIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  const form = loginForm(page);
  await form.getByLabel('Nutzername').fill(username);
  await form.getByLabel('Passwort').fill(password);
  await form.getByRole('button', { name: 'Einloggen' }).click();
  await form.waitFor({ state: 'detached' });
}

/** Registers on the login page; the new user lands on the team selection. */
export async function register(page: Page, baseUrl: string, login: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  const form = registrationForm(page);
  await fillRegistration(form, login, password, password);
  await form.getByRole('button', { name: 'Registrieren' }).click();
  await see(page.getByRole('heading', { name: 'Team auswählen' }));
}

/** From the team selection: founds a team with the dialog and lands on its page. */
export async function createTeam(page: Page, team: string, password: string, city: string): Promise<void> {
  await page.getByRole('button', { name: 'Neues Team erstellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neues Team erstellen' });
  await dialog.getByLabel('Teamname').fill(team);
  await dialog.getByLabel('Team-Passwort').fill(password);
  await dialog.getByLabel('Stadt').fill(city);
  await dialog.getByLabel('Beschreibung').fill('Wir raten mit Herz.');
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  await see(page.getByRole('heading', { name: team, level: 2 }));
}

export function proposal(page: Page, message: string): Locator {
  return page.locator('.proposal-list > li').filter({ hasText: message });
}

export async function propose(page: Page, message: string): Promise<void> {
  await page.getByLabel('Deine Antwort').fill(message);
  await page.getByRole('button', { name: 'Vorschlagen' }).click();
  await see(proposal(page, message));
}

/** Proposes an answer and makes it the team's favourite. */
export async function proposeAsFavourite(page: Page, message: string): Promise<void> {
  await propose(page, message);
  await proposal(page, message).getByRole('button', { name: 'Als Favorit wählen' }).click();
  await see(proposal(page, message).getByText('★ Favorit'));
}

/** Set once in a page; still there later means the page was never reloaded. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate('window.__sameDocument = true');
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return (await page.evaluate('window.__sameDocument === true')) as boolean;
}

/**
 * Rates the answers of the checker's current question, whichever comes first, with the points given
 * per team; the checker moves on by itself after each rating.
 */
export async function rateAnswers(page: Page, points: Record<string, number>): Promise<void> {
  const card = page.locator('.check-answer');
  for (let i = 0; i < Object.keys(points).length; i++) {
    await see(card.filter({ hasText: 'unkontrolliert' }));
    const head = (await card.locator('.check-answer__head').textContent()) ?? '';
    const team = Object.keys(points).find((name) => head.includes(name));
    if (team === undefined) throw new Error(`unexpected answer card: ${head}`);
    const value = points[team];
    await page.getByRole('button', { name: `${value} Punkte vergeben (Taste ${value})` }).click();
    // Moved on to another answer, or (after the last one) back to a rated one.
    await see(
      card
        .filter({ hasNotText: team })
        .or(card.filter({ hasText: 'kontrolliert' }).filter({ hasNotText: 'unkontrolliert' })),
    );
  }
}

/** A player registered over HTTP who founds a team (in Köln) and logs in on `page`, which then shows the team: their token. */
export async function playerWithTeam(
  app: RunningApp,
  page: Page,
  player: { login: string; password: string; team: string; beschreibung: string },
): Promise<string> {
  const { login, password, team, beschreibung } = player;
  const created = await callApi(app.baseUrl, 'POST', '/api/users', {
    data: { type: 'users', attributes: { login, name: login, newPassword: password } },
  });
  expect(created.status).toBe(201);
  const token = await loginOverHttp(app.baseUrl, login, password);
  const founded = await callApi(
    app.baseUrl,
    'POST',
    '/api/teams',
    { name: team, newPassword: password, stadt: 'Köln', beschreibung },
    token,
  );
  expect(founded.status).toBe(201);
  await logIn(page, app.baseUrl, login, password);
  await see(page.getByRole('heading', { name: team }));
  return token;
}
