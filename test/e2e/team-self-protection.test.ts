/**
 * A team that protects itself over real sockets (PROTOCOL.md wave 5): an intruder joined with a
 * leaked password and the team's invite; the team changes its password (gpw, proving the member's own
 * account password) and takes them out (gr); the intruder's gj with the old password and gi with the
 * old invite both fail; a moderator's mtr bars until lifted.
 */
import { serverForSuite } from './support/suite';
import { api, registerAndLogin, seedUserWithRoles } from './support/test-server';

const JOIN_FAILED = 'Teambeitritt hat leider nicht funktioniert.';
const BARRED =
  'Du wurdest aus diesem Team genommen. Du kannst erst wieder beitreten, wenn das Team sein Passwort ändert.';

describe('a team that protects itself, over real sockets', () => {
  const suite = serverForSuite();

  it('given an intruder with the leaked password and invite, when the team changes its password and takes them out, then the old password and the old invite fail; the new password joins', async () => {
    const owner = await registerAndLogin(suite.env.url, 'gruenderin');
    const created = await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Geleakt', newPassword: 'alt-geheim', stadt: 'Köln', beschreibung: '-' },
      owner.token,
    );
    const teamId = created.body.data.id as string;
    const ownerSocket = await suite.open(owner.token);
    const { token: inviteToken } = (await ownerSocket.request('gl')) as { token: string };

    const intruder = await registerAndLogin(suite.env.url, 'eindringling');
    const intruderSocket = await suite.open(intruder.token);
    expect(await intruderSocket.request('gj', { id: teamId, password: 'alt-geheim' })).toEqual({ success: true });
    await ownerSocket.until((views) => views.team?.members?.[intruder.userId]);

    // The intruder cannot take out the one who was there first.
    expect(await intruderSocket.request('gr', { userId: owner.userId })).toEqual({
      success: false,
      message: 'Du kannst nur Mitglieder herausnehmen, die nach dir beigetreten sind.',
    });
    // The team password is no proof: gpw wants the member's own account password.
    expect(await ownerSocket.request('gpw', { currentPassword: 'alt-geheim', newPassword: 'neu-geheim' })).toEqual({
      success: false,
      message: 'Dein Passwort fehlt oder ist falsch.',
    });
    expect(await ownerSocket.request('gpw', { currentPassword: 'passwort123', newPassword: 'kurz' })).toEqual({
      success: false,
      message: 'Das Team-Passwort muss mindestens 6 Zeichen lang sein.',
    });
    expect(await ownerSocket.request('gpw', { currentPassword: 'passwort123', newPassword: 'neu-geheim' })).toEqual({
      success: true,
    });
    expect(await ownerSocket.request('gr', { userId: intruder.userId })).toEqual({ success: true });
    await intruderSocket.until((views) => views.team === null && views.user.teamId === null);

    expect(await intruderSocket.request('gj', { id: teamId, password: 'alt-geheim' })).toEqual({
      success: false,
      message: BARRED,
    });
    expect(await intruderSocket.request('gi', { token: inviteToken })).toEqual({
      success: false,
      message: JOIN_FAILED,
    });

    // Someone never taken out: the old password and the old invite fail, the new password joins.
    const friend = await suite.open((await registerAndLogin(suite.env.url, 'freundin')).token);
    expect(await friend.request('gj', { id: teamId, password: 'alt-geheim' })).toEqual({
      success: false,
      message: JOIN_FAILED,
    });
    expect(await friend.request('gi', { token: inviteToken })).toEqual({ success: false, message: JOIN_FAILED });
    expect(await friend.request('gj', { id: teamId, password: 'neu-geheim' })).toEqual({ success: true });

    const types = (await suite.env.server.storage.events.readAll())
      .filter((e) => (e.data as { teamId?: string }).teamId === teamId)
      .map((e) => e.type);
    expect(types).toEqual([
      'TeamCreated',
      'TeamJoined',
      'TeamInviteCreated',
      'TeamJoined',
      'TeamPasswordChanged',
      'TeamMemberRemoved',
      'TeamJoined',
    ]);
    expect(JSON.stringify(await suite.env.server.storage.events.readAll())).not.toContain('neu-geheim');
  });

  it("a moderator's mtr bars until lifted; glr ends the invites; gx leaves", async () => {
    const moderator = await suite.open((await seedUserWithRoles(suite.env, 'moderatorin-b', ['moderator'])).token);
    const owner = await registerAndLogin(suite.env.url, 'kapitaen');
    const created = await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Gesperrt', newPassword: 'team-pw-1', stadt: 'Bonn', beschreibung: '-' },
      owner.token,
    );
    const teamId = created.body.data.id as string;
    const ownerSocket = await suite.open(owner.token);
    const { token: inviteToken } = (await ownerSocket.request('gl')) as { token: string };
    const member = await registerAndLogin(suite.env.url, 'matrose');
    const memberSocket = await suite.open(member.token);
    expect(await memberSocket.request('gi', { token: inviteToken })).toEqual({ success: true });

    expect(await moderator.request('mtr', { teamId, userId: member.userId })).toEqual({ success: true });
    await memberSocket.until((views) => views.team === null);
    expect(await memberSocket.request('gj', { id: teamId, password: 'team-pw-1' })).toEqual({
      success: false,
      message: BARRED,
    });
    expect(await memberSocket.request('gi', { token: inviteToken })).toEqual({ success: false, message: BARRED });
    expect(await moderator.request('mtr', { teamId, userId: member.userId, lift: true })).toEqual({ success: true });
    expect(await memberSocket.request('gi', { token: inviteToken })).toEqual({ success: true });

    expect(await ownerSocket.request('glr')).toEqual({ success: true });
    expect(await memberSocket.request('gx')).toEqual({ success: true });
    await memberSocket.until((views) => views.team === null && views.user.teamId === null);
    expect(await memberSocket.request('gi', { token: inviteToken })).toEqual({ success: false, message: JOIN_FAILED });
    expect(await memberSocket.request('gj', { id: teamId, password: 'team-pw-1' })).toEqual({ success: true });
  });
});
