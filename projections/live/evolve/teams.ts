import type { TeamEvent } from '../../../events';
import { uniqueNameKey } from '../rules/names';
import { teamPlayOf, type LiveState, type TeamLive } from '../state/state';
import { nextTeamNumber } from '../rules/team-numbers';
import type { Changes, Writer } from './writer';

function withoutMember(team: TeamLive, userId: string): TeamLive {
  return { ...team, memberIds: team.memberIds.filter((id) => id !== userId) };
}

/** A member leaves a team (joining another, or taken out by mtr): off its members, and the star taken back. */
export function leaving(
  state: LiveState,
  userId: string,
  teamId: string,
  write: Writer,
): Pick<LiveState, 'teams' | 'plays'> {
  return {
    teams: write.update(state.teams, teamId, (t) => withoutMember(t, userId)),
    plays: write.update(state.plays, teamId, (p) =>
      p.stars.some((s) => s.userId === userId)
        ? teamPlayOf(
            p.seq,
            p.proposals,
            p.nextKey,
            p.favourite,
            p.quizzled,
            p.stars.filter((s) => s.userId !== userId),
          )
        : p,
    ),
  };
}

/** The invites without the team's (rare: a password change or glr; a team has few invites, the show a few thousand). */
function withoutInvitesOf(state: LiveState, teamId: string, write: Writer): LiveState['invites'] {
  let invites = state.invites;
  for (const [inviteId, ofTeam] of state.invites.entries())
    if (ofTeam === teamId) invites = write.delete(invites, inviteId);
  return invites;
}

export function evolveTeams(state: LiveState, event: TeamEvent, write: Writer): Changes {
  switch (event.type) {
    case 'TeamCreated': {
      const d = event.data;
      // Teams of logs before version 3 carry no number: they get the next one in fold order.
      const number = d.number ?? nextTeamNumber(state);
      const team: TeamLive = {
        id: d.teamId,
        number,
        name: d.name,
        lowerName: uniqueNameKey(d.name),
        stadt: d.stadt,
        beschreibung: d.beschreibung,
        url: d.url,
        isNew: d.isNew,
        origin: d.origin,
        memberIds: [],
        takenAnswer: null,
        moderated: null,
        barredIds: [],
        passwordChanges: 0,
        nightAnswers: null,
      };
      return {
        teams: write.set(state.teams, d.teamId, team),
        teamIdByName: write.set(state.teamIdByName, team.lowerName, d.teamId),
        teamIdByNumber: write.set(state.teamIdByNumber, String(number), d.teamId),
        lastTeamNumber: Math.max(state.lastTeamNumber, number),
      };
    }
    case 'TeamJoined': {
      const { teamId, userId } = event.data;
      const user = state.users.get(userId);
      if (!user || !state.teams.has(teamId)) return {};
      const { teams, plays } =
        user.teamId && user.teamId !== teamId ? leaving(state, userId, user.teamId, write) : state;
      return {
        teams: write.update(teams, teamId, (t) =>
          t.memberIds.includes(userId) ? t : { ...t, memberIds: [...t.memberIds, userId] },
        ),
        plays,
        users: write.set(state.users, userId, { ...user, teamId }),
      };
    }
    case 'TeamEdited': {
      const { teamId, url, stadt, beschreibung } = event.data;
      return { teams: write.update(state.teams, teamId, (t) => ({ ...t, url, stadt, beschreibung })) };
    }
    case 'TeamInviteCreated':
      return { invites: write.set(state.invites, event.data.inviteId, event.data.teamId) };
    case 'TeamPasswordChanged': {
      const { teamId } = event.data;
      if (!state.teams.has(teamId)) return {};
      return {
        teams: write.update(state.teams, teamId, (t) => ({
          ...t,
          barredIds: [],
          passwordChanges: t.passwordChanges + 1,
        })),
        invites: withoutInvitesOf(state, teamId, write),
      };
    }
    case 'TeamInvitesEnded':
      return { invites: withoutInvitesOf(state, event.data.teamId, write) };
    case 'TeamLeft': {
      const { teamId, userId } = event.data;
      const user = state.users.get(userId);
      if (!user || user.teamId !== teamId) return {};
      return {
        ...leaving(state, userId, teamId, write),
        users: write.set(state.users, userId, { ...user, teamId: null }),
      };
    }
    case 'TeamBarLifted': {
      const { teamId, userId } = event.data;
      return {
        teams: write.update(state.teams, teamId, (t) => ({
          ...t,
          barredIds: t.barredIds.filter((id) => id !== userId),
        })),
      };
    }
    case 'TeamDeleted': {
      const team = state.teams.get(event.data.teamId);
      if (!team) return {};
      let users = state.users;
      for (const id of team.memberIds) users = write.update(users, id, (u) => ({ ...u, teamId: null }));
      return {
        teams: write.delete(state.teams, team.id),
        plays: write.delete(state.plays, team.id),
        teamIdByName: write.delete(state.teamIdByName, team.lowerName),
        teamIdByNumber:
          state.teamIdByNumber.get(String(team.number)) === team.id
            ? write.delete(state.teamIdByNumber, String(team.number))
            : state.teamIdByNumber,
        users,
      };
    }
  }
}
