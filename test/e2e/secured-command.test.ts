/**
 * The secured-command step over HTTP (src/identity/secured-command.ts, docs/decisions/secured-command-step.md):
 * a command its rule refuses costs no hash and reserves nothing; a current password that does not check
 * out stores no new hash; the `after` steps run once the command is accepted, not when it is refused.
 */
import type { Actor } from '../../events';
import { runSecured, type AfterStep } from '../../src/identity/secured-command';
import { TEAM_TEXTS, USER_TEXTS } from '../../src/edge-texts';
import { serverForSuite } from './support/suite';
import { ADMIN_PASSWORD, api, login, registerAndLogin } from './support/test-server';

describe('the secured-command step', () => {
  const suite = serverForSuite();
  /** The figures of the test server's hashing queue. */
  const hashingFigures = () => suite.env.server.runtime.hasher.figures();
  const register = (name: string) =>
    api(suite.env.url, 'POST', '/api/users', {
      data: { type: 'users', attributes: { login: name, newPassword: 'passwort123' } },
    });

  it('given a taken login, when it is registered again in other case, then 409 in German, and no password was hashed', async () => {
    await registerAndLogin(suite.env.url, 'greta');
    const hashed = hashingFigures().done;
    expect(await register('GRETA')).toMatchObject({
      status: 409,
      body: { errors: [{ detail: USER_TEXTS.loginTaken }] },
    });
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
    const refused = await api(
      suite.env.url,
      'PATCH',
      `/api/users/${hanna.userId}`,
      { newPassword: 'neues-passwort', currentPassword: 'falsch' },
      hanna.token,
    );
    expect(refused).toMatchObject({ status: 403, body: { errors: [{ detail: USER_TEXTS.currentPasswordWrong }] } });
    expect(hashingFigures().done).toBe(hashed + 1);
    expect(await credentials.findByUserId(hanna.userId)).toEqual(stored);
    await login(suite.env.url, 'hanna', 'altes-passwort');
  });

  describe('after steps', () => {
    const actorOf = (userId: string): Actor => ({
      userId,
      roles: [...suite.env.server.runtime.engine.live.state.users.get(userId)!.roles],
    });
    /** A step that writes down when it ran, and the log's position then. */
    const recorded = (name: string, log: string[]): AfterStep => ({
      before: async () => {
        log.push(`${name} before at ${await suite.env.server.storage.events.lastPosition()}`);
      },
      run: async (accepted) => {
        log.push(
          `${name} after ${accepted.events.map((event) => event.type).join(',')} at ${await suite.env.server.storage.events.lastPosition()}`,
        );
      },
    });

    it('given a command with two after steps, when it is accepted, then each reads before the event is stored and runs after it, in order', async () => {
      const ida = await registerAndLogin(suite.env.url, 'ida');
      const log: string[] = [];
      const start = await suite.env.server.storage.events.lastPosition();
      const outcome = await runSecured(suite.env.server.runtime.engine, {
        input: { type: 'RevokeTokens', userId: ida.userId },
        actor: actorOf(ida.userId),
        after: [recorded('eins', log), recorded('zwei', log)],
      });
      expect(outcome.ok).toBe(true);
      const end = await suite.env.server.storage.events.lastPosition();
      expect(end).toBeGreaterThan(start);
      expect(log).toEqual([
        `eins before at ${start}`,
        `zwei before at ${start}`,
        `eins after UserTokensRevoked at ${end}`,
        `zwei after UserTokensRevoked at ${end}`,
      ]);
    });

    it('given a command its rule refuses, when it runs with an after step, then the step reads but never runs, and nothing is stored', async () => {
      const jana = await registerAndLogin(suite.env.url, 'jana');
      const kurt = await registerAndLogin(suite.env.url, 'kurt');
      const log: string[] = [];
      const start = await suite.env.server.storage.events.lastPosition();
      const outcome = await runSecured(suite.env.server.runtime.engine, {
        input: { type: 'RevokeTokens', userId: kurt.userId },
        actor: actorOf(jana.userId),
        after: [recorded('eins', log)],
      });
      expect(outcome).toMatchObject({ ok: false, reason: 'forbidden' });
      expect(log).toEqual([`eins before at ${start}`]);
      expect(await suite.env.server.storage.events.lastPosition()).toBe(start);
    });

    it('given a team an admin deleted, when another team is created with its name, then 201: the deletion gave the name back after TeamDeleted', async () => {
      const admin = await login(suite.env.url, 'admin', ADMIN_PASSWORD);
      const lea = await registerAndLogin(suite.env.url, 'lea');
      const team = { name: 'Die Dachse', newPassword: 'dachs-team', stadt: 'Bonn', beschreibung: '-' };
      const created = await api(suite.env.url, 'POST', '/api/teams', team, lea.token);
      expect(created.status).toBe(201);
      expect((await api(suite.env.url, 'DELETE', `/api/teams/${created.body.data.id}`, undefined, admin)).status).toBe(
        204,
      );
      const max = await registerAndLogin(suite.env.url, 'max');
      expect(await api(suite.env.url, 'POST', '/api/teams', { ...team, name: 'die dachse' }, max.token)).toMatchObject({
        status: 201,
      });
    });
  });
});
