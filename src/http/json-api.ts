import { shownLogo, type LiveState, type TeamLive, type UserLive } from '../../projections/live';
import type { TeamListResource, TeamResource, UserResource } from '../../wire';

/** Attributes of a JSON:API body, or of a plain object body (both are accepted). */
export function attributesOf(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null) return {};
  const data = (body as { data?: { attributes?: unknown } }).data;
  if (data && typeof data.attributes === 'object' && data.attributes !== null)
    return data.attributes as Record<string, unknown>;
  return body as Record<string, unknown>;
}

export function userResource(user: UserLive): UserResource {
  return {
    type: 'users',
    id: user.id,
    attributes: {
      login: user.login,
      name: user.name,
      email: user.email,
      shownEmailPopupAt: user.shownEmailPopupAt === null ? null : new Date(user.shownEmailPopupAt).toISOString(),
      perm: [...user.roles],
      blocked: user.blocked,
    },
    relationships: { team: { data: user.teamId ? { type: 'teams', id: user.teamId } : null } },
  };
}

/** A team's public fields: never its password. */
export function teamResource(state: LiveState, team: TeamLive): TeamResource {
  return {
    type: 'teams',
    id: team.id,
    attributes: {
      name: team.name,
      lowerName: team.lowerName,
      number: team.number,
      stadt: team.stadt,
      beschreibung: team.beschreibung,
      url: shownLogo(state, team.url),
      isNew: team.isNew,
      memberCount: team.memberIds.length,
    },
    relationships: {
      members: { data: team.memberIds.filter((id) => state.users.has(id)).map((id) => ({ type: 'users', id })) },
    },
  };
}

/** A team as GET /api/teams lists it: what the team-finding page shows; its members only for operators. */
export function teamListResource(state: LiveState, team: TeamLive, withMembers: boolean): TeamListResource {
  const { name, stadt, isNew } = team;
  const entry: TeamListResource = {
    type: 'teams',
    id: team.id,
    attributes: { name, stadt, url: shownLogo(state, team.url), isNew },
  };
  return withMembers ? { ...entry, relationships: teamResource(state, team).relationships } : entry;
}
