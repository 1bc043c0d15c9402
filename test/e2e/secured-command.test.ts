/**
 * The secured-command step over HTTP (src/identity/secured-command.ts, docs/decisions/secured-command-step.md):
 * a command its rule refuses costs no hash and reserves nothing; a current password that does not check
 * out stores no new hash.
 */
import { hashingFigures } from '../../src/identity/passwords';
import { TEAM_TEXTS, USER_TEXTS } from '../../src/edge-texts';
import { serverForSuite } from './support/suite';
import { api, login, registerAndLogin } from './support/test-server';

describe('the secured-command step', () => {
  const suite = serverForSuite();
  const register = (name: string) => api(suite.env.url, 'POST', '/api/users', { data: { type: 'users', attributes: { login: name, newPassword: 'passwort123' } } });

  it('given a taken login, when it is registered again in other case, then 409 in German, and no password was hashed', async () => {
    await registerAndLogin(suite.env.url, 'greta');
    const hashed = hashingFigures().done;
    expect(await register('GRETA')).toMatchObject({ status: 409, body: { errors: [{ detail: USER_TEXTS.loginTaken }] } });
    expect(hashingFigures().done).toBe(hashed);
  });

  it('given a taken team name, when a team is created with it, then 409 in German, and no password was hashed', async () => {
    const owner = await registerAndLogin(suite.env.url, 'gruenderin');
    const rival = await registerAndLogin(suite.env.url, 'rivale');
    const team = { name: 'Die Eulen', newPassword: 'eulen-team', stadt: 'Köln', beschreibung: '-' };
    expect((await api(suite.env.url, 'POST', '/api/teams', team, owner.token)).status).toBe(201);
    const hashed = hashingFigures().done;
    expect(await api(suite.env.url, 'POST', '/api/teams', { ...team, name: 'die eulen' }, rival.token)).toMatchObject({
      status: 409,
      body: { errors: [{ detail: TEAM_TEXTS.nameTaken }] },
    });
    expect(hashingFigures().done).toBe(hashed);
  });

  it('given a wrong current password, when the password is changed, then 403 in German, only the check was hashed, and the old password still logs in', async () => {
    const hanna = await registerAndLogin(suite.env.url, 'hanna', 'altes-passwort');
    const { credentials } = suite.env.server.runtime.secrets;
    const stored = await credentials.findByUserId(hanna.userId);
    const hashed = hashingFigures().done;
    const refused = await api(suite.env.url, 'PATCH', `/api/users/${hanna.userId}`, { newPassword: 'neues-passwort', currentPassword: 'falsch' }, hanna.token);
    expect(refused).toMatchObject({ status: 403, body: { errors: [{ detail: USER_TEXTS.currentPasswordWrong }] } });
    expect(hashingFigures().done).toBe(hashed + 1);
    expect(await credentials.findByUserId(hanna.userId)).toEqual(stored);
    await login(suite.env.url, 'hanna', 'altes-passwort');
  });
});
