/**
 * Operator screens stay current (the operator view, scope `operator`) and players join by the short
 * team number: real server, real WebSocket clients, teams and users created over HTTP as the app does.
 */
import { serverForSuite } from './support/suite';
import { api, registerAndLogin, seedUserWithRoles } from './support/test-server';
import type { WsClient } from './support/ws-client';

const JOIN_FAILED = 'Teambeitritt hat leider nicht funktioniert.';

/** The `st` frames of one scope a socket received so far. */
const pushesOf = (socket: WsClient, scope: string) =>
  socket.frames.filter((f) => f.type === 'st' && f.content.scope === scope);
const repliesOf = (socket: WsClient) => socket.frames.filter((f) => f.type === 'reply');

async function createTeam(
  url: string,
  token: string,
  name: string,
  password: string,
): Promise<{ id: string; number: number }> {
  const created = await api(
    url,
    'POST',
    '/api/teams',
    { name, newPassword: password, stadt: 'Köln', beschreibung: 'Neu dabei' },
    token,
  );
  expect(created.status).toBe(201);
  return { id: created.body.data.id as string, number: created.body.data.attributes.number as number };
}

describe('operator lists and team numbers over real sockets', () => {
  const suite = serverForSuite();

  it('given a moderator socket is open, when a player registers and creates a team, then the socket receives the new user and team by name without any request', async () => {
    const olaf = await seedUserWithRoles(suite.env, 'olaf', ['moderator']);
    const moderator = await suite.open(olaf.token);
    expect(Object.values(moderator.views.operator.teams)).toEqual([]);

    const anna = await registerAndLogin(suite.env.url, 'anna');
    const user = await moderator.until((v) => v.operator?.users?.[anna.userId]);
    expect(user).toEqual({ id: anna.userId, name: 'anna', login: 'anna', roles: [] });

    const team = await createTeam(suite.env.url, anna.token, 'Spätzünder', 'spät-team');
    expect(await moderator.until((v) => v.operator?.teams?.[team.id])).toEqual({
      id: team.id,
      number: team.number,
      name: 'Spätzünder',
    });
    // The socket sent nothing but sa and sg, and never had to re-sync: everything came as pushes.
    expect(repliesOf(moderator)).toHaveLength(2);
    expect(moderator.gaps).toBe(0);
  });

  it('testers and admins receive the operator view too; a player does not', async () => {
    const tester = await suite.open((await seedUserWithRoles(suite.env, 'kontrolle', ['tester'])).token);
    const admin = await suite.open((await seedUserWithRoles(suite.env, 'chefin', ['admin'])).token);
    const bert = await suite.open((await registerAndLogin(suite.env.url, 'bert')).token);
    for (const operator of [tester, admin]) {
      expect(Object.values(operator.views.operator.teams).map((t) => (t as { name: string }).name)).toEqual([
        'Spätzünder',
      ]);
      expect(Object.values(operator.views.operator.users).map((u) => (u as { login: string }).login)).toEqual(
        expect.arrayContaining(['anna', 'bert', 'olaf']),
      );
    }
    expect(bert.views.operator).toBeUndefined();
    expect(pushesOf(bert, 'operator')).toEqual([]);
  });

  it('given a team, when a player joins it by its short number, then the join succeeds and the operator scope gets no push for it', async () => {
    const captain = await registerAndLogin(suite.env.url, 'kapitän');
    const team = await createTeam(suite.env.url, captain.token, 'Nummernteam', 'geheim');
    const moderator = await suite.open((await seedUserWithRoles(suite.env, 'moderatorin', ['moderator'])).token);
    await moderator.until((v) => v.operator?.teams?.[team.id]);
    const carla = await registerAndLogin(suite.env.url, 'carla');
    await moderator.until((v) => v.operator?.users?.[carla.userId]);
    const pushesBefore = pushesOf(moderator, 'operator').length;

    const player = await suite.open(carla.token);
    const joined = await player.request('gj', { id: String(team.number), password: 'geheim' });
    expect(joined).toEqual({ success: true });
    const view = await player.until((v) => v.team?.id === team.id && v.team);
    expect(view).toEqual(expect.objectContaining({ name: 'Nummernteam', number: team.number }));
    expect(Object.keys(view.members)).toContain(carla.userId);

    // A registration after the join: its push is the only one the operator scope got since.
    const dieter = await registerAndLogin(suite.env.url, 'dieter');
    await moderator.until((v) => v.operator?.users?.[dieter.userId]);
    expect(pushesOf(moderator, 'operator').length - pushesBefore).toBe(1);
    expect(moderator.views.operator.teams[team.id]).toEqual({ id: team.id, number: team.number, name: 'Nummernteam' });
  });

  it("gj by number: a JSON number works, an unknown number or a wrong password gets the spec's text and changes nothing", async () => {
    const captain = await registerAndLogin(suite.env.url, 'hauptfrau');
    const team = await createTeam(suite.env.url, captain.token, 'Zahlenfreunde', 'richtig');
    const erik = await registerAndLogin(suite.env.url, 'erik');
    const player = await suite.open(erik.token);

    expect(await player.request('gj', { id: team.number + 1000, password: 'richtig' })).toEqual({
      success: false,
      message: JOIN_FAILED,
    });
    expect(await player.request('gj', { id: String(team.number), password: 'falsch' })).toEqual({
      success: false,
      message: JOIN_FAILED,
    });
    expect(player.views.team ?? null).toBeNull();
    expect(suite.env.server.runtime.engine.live.state.users.get(erik.userId)!.teamId).toBeNull();

    expect(await player.request('gj', { id: team.number, password: 'richtig' })).toEqual({ success: true });
    await player.until((v) => v.team?.id === team.id);
    // The team's UUID keeps working for outside clients (PROTOCOL.md).
    const fritz = await suite.open((await registerAndLogin(suite.env.url, 'fritz')).token);
    expect(await fritz.request('gj', { id: team.id, password: 'richtig' })).toEqual({ success: true });
  });
});
