/**
 * A team that protects itself (PROTOCOL.md wave 5): gpw, glr, gx, gr, and mtr's bar with its lift.
 * The rules see the edge's verdicts only (passwordOk, currentPasswordOk, the invite id the token
 * belongs to); test/e2e/team-self-protection.test.ts sends the secrets over a real socket.
 */
import { teamView, userView } from '../../projections/live';
import { given, type ExpectedEvent, type Then } from './support/given';
import { show, type Show } from './support/fixtures';

/** Then these events, applied to the world for what follows. */
function thenApplied(then: Then, ...expected: ExpectedEvent[]): void {
  then.thenEvents(...expected);
  then.andApply();
}

const JOIN_FAILED = 'Teambeitritt hat leider nicht funktioniert.';
const BARRED =
  'Du wurdest aus diesem Team genommen. Du kannst erst wieder beitreten, wenn das Team sein Passwort ändert.';

/** Anna's team with Bert, and an intruder (Dora) who joined with the leaked password; an invite of the team. */
function leaked(): Show & { dora: string; inviteId: string } {
  const s = show();
  const [invite] = s.world.must({ type: 'CreateTeamInvite' }, s.world.as(s.anna));
  const inviteId = (invite.data as { inviteId: string }).inviteId;
  const dora = s.world.player('dora');
  s.world.joinTeam(dora, s.teamA);
  return { ...s, dora, inviteId };
}

describe('an intruder with a leaked password (gpw, gr)', () => {
  it('given an intruder joined with the leaked password, when the team changes its password and takes them out, then their gj with the old password and gi with the old invite both fail', () => {
    const s = leaked();
    thenApplied(
      given(s.world).when(
        { type: 'ChangeTeamPassword', newPasswordLength: 12, currentPasswordOk: true },
        s.world.as(s.anna),
      ),
      {
        type: 'TeamPasswordChanged',
        data: { teamId: s.teamA, by: s.anna },
      },
    );
    expect(s.world.state.invites.get(s.inviteId)).toBeUndefined();
    thenApplied(given(s.world).when({ type: 'RemoveTeamMate', userId: s.dora }, s.world.as(s.bert)), {
      type: 'TeamMemberRemoved',
      data: { teamId: s.teamA, userId: s.dora, by: s.bert },
    });
    expect(teamView(s.world.state, s.teamA)!.members).not.toHaveProperty(s.dora);
    expect(userView(s.world.state, s.dora)!.teamId).toBeNull();
    // The old password no longer matches the team's hash (the edge's verdict), and she is barred anyway.
    given(s.world)
      .when({ type: 'JoinTeam', team: s.teamA, passwordOk: false, fusionPassword: false }, s.world.as(s.dora))
      .thenRejected(BARRED);
    given(s.world)
      .when({ type: 'JoinTeamByInvite', inviteId: s.inviteId }, s.world.as(s.dora))
      .thenRejected(JOIN_FAILED);
  });

  it('given the intruder was taken out first, when the password changes, then the bar is lifted but the old password and invite still fail; the new password joins', () => {
    const s = leaked();
    s.world.must({ type: 'RemoveTeamMate', userId: s.dora }, s.world.as(s.anna));
    given(s.world)
      .when({ type: 'JoinTeam', team: s.teamA, passwordOk: true, fusionPassword: false }, s.world.as(s.dora))
      .thenRejected(BARRED);
    s.world.must({ type: 'ChangeTeamPassword', newPassword: 'ganz-neu', currentPasswordOk: true }, s.world.as(s.anna));
    given(s.world)
      .when({ type: 'JoinTeam', team: s.teamA, passwordOk: false, fusionPassword: false }, s.world.as(s.dora))
      .thenRejected(JOIN_FAILED);
    given(s.world)
      .when({ type: 'JoinTeamByInvite', inviteId: s.inviteId }, s.world.as(s.dora))
      .thenRejected(JOIN_FAILED);
    given(s.world)
      .when({ type: 'JoinTeam', team: s.teamA, passwordOk: true, fusionPassword: false }, s.world.as(s.dora))
      .thenEvents({ type: 'TeamJoined', data: { teamId: s.teamA, userId: s.dora, via: 'password' } });
  });
});

describe('a new team password (gpw)', () => {
  it('needs the sender in a team, 6 characters and their own current password', () => {
    const s = show();
    const dora = s.world.player('dora');
    given(s.world)
      .when({ type: 'ChangeTeamPassword', newPasswordLength: 8, currentPasswordOk: true }, s.world.as(dora))
      .thenRejected('Du bist in keinem Team.');
    given(s.world)
      .when({ type: 'ChangeTeamPassword', newPasswordLength: 5, currentPasswordOk: true }, s.world.as(s.anna))
      .thenRejected('Das Team-Passwort muss mindestens 6 Zeichen lang sein.');
    given(s.world)
      .when({ type: 'ChangeTeamPassword', newPasswordLength: 6, currentPasswordOk: false }, s.world.as(s.anna))
      .thenRejected('Dein Passwort fehlt oder ist falsch.');
  });

  it('the wire content is measured in characters', () => {
    const s = show();
    given(s.world)
      .whenWire(
        { type: 'ChangeTeamPassword', currentPassword: 'pw', newPassword: 'fünf5', currentPasswordOk: true },
        s.world.as(s.anna),
      )
      .thenRejected('Das Team-Passwort muss mindestens 6 Zeichen lang sein.');
  });
});

describe('ending invite links (glr)', () => {
  it('given two invites of the team and one of another, when a member ends them, then only the team’s end; again changes nothing', () => {
    const s = show();
    const inviteOf = (userId: string) =>
      (s.world.must({ type: 'CreateTeamInvite' }, s.world.as(userId))[0]!.data as { inviteId: string }).inviteId;
    const [first, second, other] = [inviteOf(s.anna), inviteOf(s.bert), inviteOf(s.cleo)];
    thenApplied(given(s.world).when({ type: 'EndTeamInvites' }, s.world.as(s.bert)), {
      type: 'TeamInvitesEnded',
      data: { teamId: s.teamA, by: s.bert },
    });
    expect([first, second, other].map((id) => s.world.state.invites.get(id))).toEqual([undefined, undefined, s.teamB]);
    given(s.world).when({ type: 'JoinTeamByInvite', inviteId: first }, s.world.as(s.cleo)).thenRejected(JOIN_FAILED);
    given(s.world).when({ type: 'EndTeamInvites' }, s.world.as(s.anna)).thenNoEvents();
    // A new invite works again.
    given(s.world)
      .when({ type: 'JoinTeamByInvite', inviteId: inviteOf(s.anna) }, s.world.as(s.cleo))
      .thenEvents({ type: 'TeamJoined', data: { teamId: s.teamA, userId: s.cleo, via: 'invite' } });
  });
});

describe('leaving the team (gx)', () => {
  it('given a member, when they leave, then they have no team and may join again (leaving is no bar)', () => {
    const s = show();
    thenApplied(given(s.world).when({ type: 'LeaveTeam' }, s.world.as(s.bert)), {
      type: 'TeamLeft',
      data: { teamId: s.teamA, userId: s.bert },
    });
    expect(s.world.state.teams.get(s.teamA)!.memberIds).toEqual([s.anna]);
    expect(s.world.state.users.get(s.bert)!.teamId).toBeNull();
    given(s.world).when({ type: 'LeaveTeam' }, s.world.as(s.bert)).thenRejected('Du bist in keinem Team.');
    given(s.world)
      .when({ type: 'JoinTeam', team: s.teamA, passwordOk: true, fusionPassword: false }, s.world.as(s.bert))
      .thenEvents({ type: 'TeamJoined', data: { teamId: s.teamA, userId: s.bert } });
  });
});

describe('taking out a team mate (gr)', () => {
  it('only those who joined after the sender; not oneself, not a member of another team', () => {
    const s = leaked();
    given(s.world)
      .when({ type: 'RemoveTeamMate', userId: s.anna }, s.world.as(s.dora))
      .thenRejected('Du kannst nur Mitglieder herausnehmen, die nach dir beigetreten sind.');
    given(s.world)
      .when({ type: 'RemoveTeamMate', userId: s.anna }, s.world.as(s.bert))
      .thenRejected('Du kannst nur Mitglieder herausnehmen, die nach dir beigetreten sind.');
    given(s.world)
      .when({ type: 'RemoveTeamMate', userId: s.anna }, s.world.as(s.anna))
      .thenRejected('Um selbst zu gehen, verlasse das Team.');
    given(s.world)
      .when({ type: 'RemoveTeamMate', userId: s.cleo }, s.world.as(s.anna))
      .thenRejected('Diese Person ist nicht in deinem Team.');
    given(s.world)
      .when({ type: 'RemoveTeamMate', userId: s.bert }, s.world.as(s.anna))
      .thenEvents({ type: 'TeamMemberRemoved', data: { teamId: s.teamA, userId: s.bert, by: s.anna } });
  });

  it('a member who left and joined again counts from the new join', () => {
    const s = leaked();
    s.world.must({ type: 'LeaveTeam' }, s.world.as(s.bert));
    s.world.joinTeam(s.bert, s.teamA);
    given(s.world)
      .when({ type: 'RemoveTeamMate', userId: s.bert }, s.world.as(s.dora))
      .thenEvents({ type: 'TeamMemberRemoved', data: { teamId: s.teamA, userId: s.bert, by: s.dora } });
  });
});

describe("a moderator's bar (mtr) and its lift", () => {
  it('given a moderator took a member out, then they cannot rejoin by password or invite until a moderator lifts it', () => {
    const s = leaked();
    s.world.must({ type: 'RemoveTeamMember', teamId: s.teamA, userId: s.dora }, s.world.as(s.moderator));
    given(s.world)
      .when({ type: 'JoinTeam', team: s.teamA, passwordOk: true, fusionPassword: false }, s.world.as(s.dora))
      .thenRejected(BARRED);
    given(s.world).when({ type: 'JoinTeamByInvite', inviteId: s.inviteId }, s.world.as(s.dora)).thenRejected(BARRED);
    given(s.world)
      .when({ type: 'RemoveTeamMember', teamId: s.teamA, userId: s.dora, lift: true }, s.world.as(s.anna))
      .thenRejected('Dazu fehlt dir die Berechtigung.');
    thenApplied(
      given(s.world).when(
        { type: 'RemoveTeamMember', teamId: s.teamA, userId: s.dora, lift: true },
        s.world.as(s.moderator),
      ),
      {
        type: 'TeamBarLifted',
        data: { teamId: s.teamA, userId: s.dora, by: s.moderator },
      },
    );
    given(s.world)
      .when({ type: 'RemoveTeamMember', teamId: s.teamA, userId: s.dora, lift: true }, s.world.as(s.moderator))
      .thenNoEvents();
    given(s.world)
      .when({ type: 'JoinTeamByInvite', inviteId: s.inviteId }, s.world.as(s.dora))
      .thenEvents({ type: 'TeamJoined', data: { teamId: s.teamA, userId: s.dora, via: 'invite' } });
  });

  it('a bar holds for that team only', () => {
    const s = leaked();
    s.world.must({ type: 'RemoveTeamMember', teamId: s.teamA, userId: s.dora }, s.world.as(s.moderator));
    given(s.world)
      .when({ type: 'JoinTeam', team: s.teamB, passwordOk: true, fusionPassword: false }, s.world.as(s.dora))
      .thenEvents({ type: 'TeamJoined', data: { teamId: s.teamB, userId: s.dora } });
  });
});
