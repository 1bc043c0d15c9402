/** Who the replay shows the night as, and that viewer's views at a position in the app's view shape. */
import { teamView, views as engineViews, type LiveState, type Views as EngineViews } from '@live';
import type { TeamRecord } from '../api/http';
import type { Views } from '../realtime/views';

export type ReplayViewer =
  | { readonly kind: 'global' }
  | { readonly kind: 'moderator' }
  | { readonly kind: 'team'; readonly teamId: string }
  | { readonly kind: 'player'; readonly userId: string };

export const GLOBAL_VIEWER: ReplayViewer = { kind: 'global' };

export function viewerKey(viewer: ReplayViewer): string {
  switch (viewer.kind) {
    case 'team':
      return `team:${viewer.teamId}`;
    case 'player':
      return `player:${viewer.userId}`;
    default:
      return viewer.kind;
  }
}

export function parseViewerKey(key: string): ReplayViewer {
  if (key.startsWith('team:')) return { kind: 'team', teamId: key.slice(5) };
  if (key.startsWith('player:')) return { kind: 'player', userId: key.slice(7) };
  if (key === 'moderator') return { kind: 'moderator' };
  return GLOBAL_VIEWER;
}

export interface ViewerChoices {
  teams: { id: string; name: string }[];
  players: { id: string; name: string; team: string }[];
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'de');

/** Teams and players known in `state` (operators without a team are listed as players too). */
export function viewerChoices(state: LiveState): ViewerChoices {
  const teams: ViewerChoices['teams'] = [];
  state.teams.forEach((team) => teams.push({ id: team.id, name: team.name }));
  const players: ViewerChoices['players'] = [];
  state.users.forEach((user) => {
    const team = user.teamId ? (state.teams.get(user.teamId)?.name ?? '') : '';
    players.push({ id: user.id, name: user.name, team });
  });
  return { teams: teams.sort(byName), players: players.sort(byName) };
}

/** The engine's views in the shape the app's store holds. */
export function toAppViews(v: EngineViews): Views {
  return {
    global: v.global,
    team: v.team ?? null,
    user: v.user ?? null,
    moderator: v.moderator ?? null,
    tester: v.tester ?? null,
    operator: v.operator ?? null,
    overlay: null,
  };
}

/**
 * What the viewer saw at this state: the same `views` the server pushes. A team is seen as by a
 * member (team scope, no user scope); a player without roles, so only the player's own scopes.
 */
export function viewsFor(state: LiveState, viewer: ReplayViewer): Views {
  switch (viewer.kind) {
    case 'global':
      return toAppViews(engineViews(state, { userId: null, roles: [] }));
    case 'moderator':
      return toAppViews(engineViews(state, { userId: null, roles: ['moderator'] }));
    case 'player':
      return toAppViews(engineViews(state, { userId: viewer.userId, roles: [] }));
    case 'team': {
      const base = engineViews(state, { userId: null, roles: [] });
      const team = teamView(state, viewer.teamId);
      return toAppViews(team ? { ...base, team } : base);
    }
  }
}

/** Teams as the player's team search reads them from the session (GET /api/teams). */
export function teamRecords(state: LiveState): TeamRecord[] {
  const list: TeamRecord[] = [];
  state.teams.forEach((team) =>
    list.push({ id: team.id, name: team.name, stadt: team.stadt, url: team.url, isNew: team.isNew }),
  );
  return list;
}
