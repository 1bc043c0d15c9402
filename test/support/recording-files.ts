import {
  globalView,
  moderatorView,
  operatorView,
  teamView,
  testerView,
  userView,
  type LiveState,
  type Viewer,
} from '../../projections/live';

export const RECORDING_DIR = 'events/recordings';

/** The views of a folded night, once per scope (as the server pushes them). */
export function expectedViewsOf(state: LiveState, viewers: Record<string, Viewer>): Record<string, unknown> {
  const teams: Record<string, unknown> = {};
  state.teams
    .values()
    .map((t) => t.id)
    .sort()
    .forEach((id) => {
      teams[id] = teamView(state, id);
    });
  const users: Record<string, unknown> = {};
  for (const [name, viewer] of Object.entries(viewers)) if (viewer.userId) users[name] = userView(state, viewer.userId);
  return {
    global: globalView(state),
    moderator: moderatorView(state),
    tester: testerView(state),
    operator: operatorView(state),
    teams,
    users,
  };
}
