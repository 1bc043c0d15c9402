/** What changed between two versions of the teams, for the views that keep a part built from them. */
import type { LiveState, TeamLive } from '../state/state';

/** Between two team maps: whether teams came or went, and the teams whose name changed. */
export function teamChanges(
  before: LiveState['teams'],
  after: LiveState['teams'],
): { came: boolean; went: boolean; renamed: TeamLive[] } {
  const changes = { came: false, went: false, renamed: [] as TeamLive[] };
  after.diff(before, (_id, team, previous) => {
    if (!previous) changes.came = true;
    else if (!team) changes.went = true;
    else if (team.name !== previous.name) changes.renamed.push(team);
  });
  return changes;
}
