/**
 * Moderation over real sockets (PROTOCOL.md, wave 3): a moderator hides a lobby chat message for
 * everybody, mutes a player (lobby and team chat refused until then, 0 lifts it) and takes a member
 * out of a team (the member's team view goes, the team selection comes back).
 */
import { serverForSuite } from './support/suite';
import { api, registerAndLogin, seedUserWithRoles } from './support/test-server';

describe('moderation over real sockets', () => {
  const suite = serverForSuite();

  it('a moderator hides a lobby chat message for everybody, mutes its author and lifts the mute again', async () => {
    const moderatorLogin = await seedUserWithRoles(suite.env, 'moderatorin', ['moderator']);
    const moderator = await suite.open(moderatorLogin.token);
    const troll = await registerAndLogin(suite.env.url, 'troll');
    const trollSocket = await suite.open(troll.token);
    const other = await suite.open((await registerAndLogin(suite.env.url, 'ruth')).token);

    expect(await trollSocket.request('ulc', { message: 'Böses Wort' })).toEqual({ success: true });
    const entry = await other.until((views) =>
      views.global.lobbyChat.find((e: { message: string }) => e.message === 'Böses Wort'),
    );
    expect(await trollSocket.request('mlh', { messageId: entry.id })).toMatchObject({
      success: false,
      message: 'Dazu fehlt dir die Berechtigung.',
    });
    expect(await moderator.request('mlh', { messageId: entry.id })).toEqual({ success: true });
    await other.until((views) => views.global.lobbyChat.length === 0);
    await trollSocket.until((views) => views.global.lobbyChat.length === 0);

    expect(await moderator.request('amu', { userId: troll.userId, minutes: 15 })).toEqual({ success: true });
    expect(await trollSocket.request('ulc', { message: 'Noch mal' })).toEqual({
      success: false,
      message: 'Du bist stummgeschaltet und kannst in 15 Minuten wieder schreiben.',
    });
    expect(await moderator.request('amu', { userId: troll.userId, minutes: 0 })).toEqual({ success: true });
    expect(await trollSocket.request('ulc', { message: 'Entschuldigung' })).toEqual({ success: true });

    const events = (await suite.env.server.storage.events.readAll()).filter((e) =>
      ['LobbyChatMessageHidden', 'UserMuted'].includes(e.type),
    );
    expect(events.map((e) => [e.type, (e.data as { by: string }).by])).toEqual([
      ['LobbyChatMessageHidden', moderatorLogin.userId],
      ['UserMuted', moderatorLogin.userId],
      ['UserMuted', moderatorLogin.userId],
    ]);
  });

  it("a moderator takes a member out of a team: the member's team view goes (back to the team selection), the others see them leave", async () => {
    const moderator = await suite.open((await seedUserWithRoles(suite.env, 'moderator2', ['moderator'])).token);
    const owner = await registerAndLogin(suite.env.url, 'sina');
    const created = await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Rauswurf', newPassword: 'geheim', stadt: 'Köln', beschreibung: '-' },
      owner.token,
    );
    const teamId = created.body.data.id as string;
    const member = await registerAndLogin(suite.env.url, 'tom');
    const memberSocket = await suite.open(member.token);
    expect(await memberSocket.request('gj', { id: teamId, password: 'geheim' })).toMatchObject({ success: true });
    await memberSocket.until((views) => views.team?.id === teamId);
    const ownerSocket = await suite.open(owner.token);
    await ownerSocket.until((views) => views.team?.members?.[member.userId]);

    expect(await moderator.request('mtr', { teamId, userId: member.userId })).toEqual({ success: true });
    await memberSocket.until((views) => views.team === null && views.user.teamId === null);
    await ownerSocket.until((views) => views.team && !views.team.members[member.userId]);
    expect(await moderator.request('mtr', { teamId, userId: member.userId })).toEqual({
      success: false,
      message: 'Diese Person ist nicht in diesem Team.',
    });
  });
});
