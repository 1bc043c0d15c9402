/**
 * The size of GET /api/teams (docs/benchmarks.md, "Team list"): 1,000 teams with every listed field at
 * its maximum (name 50, city 100, picture address 2,000), as a player gets it. Prints the figures.
 */
import type { QuizShowEvent } from '../../events';
import { FIELD_MAXIMA, fold, initialState } from '../../projections/live';
import { teamListResource, teamResource } from '../../src/http/json-api';

const TEAMS = 1_000;

function listBytes(char: string, full = false): number {
  const events = Array.from({ length: TEAMS }, (_, i) => ({
    type: 'TeamCreated',
    version: 1,
    data: {
      teamId: `team-${i}`,
      name: `${i}`.padEnd(FIELD_MAXIMA.name, char),
      stadt: char.repeat(FIELD_MAXIMA.teamCity),
      beschreibung: char.repeat(FIELD_MAXIMA.teamDescription),
      url: 'https://example.org/'.padEnd(FIELD_MAXIMA.teamUrl, 'x'),
      isNew: false,
      origin: 'dialog',
      expectedMembers: null,
      createdBy: 'u',
      number: i + 1,
    },
    metadata: { eventId: `e-${i}`, commandId: `c-${i}`, actor: { userId: null, roles: [] }, recordedAt: 0 },
  })) as unknown as QuizShowEvent[];
  const state = fold(events, initialState);
  const data: unknown[] = [];
  state.teams.forEach((team) => data.push(full ? teamResource(state, team) : teamListResource(state, team, false)));
  return Buffer.byteLength(JSON.stringify({ data }));
}

describe('GET /api/teams at 1,000 teams with every field at its maximum', () => {
  it('stays near 2.2 MB uncompressed (the picture address is most of it), without the 1,000-character descriptions', () => {
    const ascii = listBytes('x');
    const widest = listBytes('€'); // 3 bytes in UTF-8 for each character the limit counts
    const before = listBytes('x', true); // every attribute, as the list carried them before
    console.log(
      `GET /api/teams, ${TEAMS} teams at their maxima: ${ascii} bytes (ASCII), ${widest} bytes (3-byte characters); with every attribute: ${before} bytes`,
    );
    expect(ascii).toBeLessThan(2_300_000);
    expect(widest).toBeLessThan(2_700_000);
  });
});
