import { admit, entryOf, isRejection } from '../../src/commands';
import { teamByReference, teamNumberOf, teamView } from '../../projections/live';
import { VISITOR, World } from '../support/world';
import { given } from './support/given';
import { show } from './support/fixtures';

const dialog = { password: 'pw-team', stadt: 'Bonn', beschreibung: 'Nett' };
const JOIN_FAILED = 'Teambeitritt hat leider nicht funktioniert.';

/** The team's number as the live state holds it. */
const numberOf = (world: World, teamId: string) => world.state.teams.get(teamId)!.number;

describe('short team numbers', () => {
  it('given two teams, when a third is created in the dialog, then TeamCreated records the next number', () => {
    const s = show();
    expect([numberOf(s.world, s.teamA), numberOf(s.world, s.teamB)]).toEqual([1, 2]);
    const dora = s.world.player('dora');
    given(s.world)
      .whenWire({ type: 'CreateTeam', name: 'Quizgurus', ...dialog }, s.world.as(dora))
      .thenEvents(
        { type: 'TeamCreated', data: { name: 'Quizgurus', number: 3 } },
        { type: 'TeamJoined', data: { userId: dora } },
      );
  });

  it('given two teams, when a team signs up by QR code, then it gets the next number too', () => {
    given(show().world)
      .whenWire({ type: 'CreateQrTeam', name: 'Tisch 4', amount: '5', moderatorOnline: true }, VISITOR)
      .thenEvents({ type: 'TeamCreated', data: { name: 'Tisch 4', origin: 'qr', number: 3 } });
  });

  it('given team 2 was deleted, when a team is created, then it gets number 3: a number never names another team', () => {
    const s = show();
    s.world.must({ type: 'DeleteTeam', id: s.teamB }, s.world.as(s.admin));
    const dora = s.world.player('dora');
    given(s.world)
      .whenWire({ type: 'CreateTeam', name: 'Neu', ...dialog }, s.world.as(dora))
      .thenEvents({ type: 'TeamCreated', data: { name: 'Neu', number: 3 } }, { type: 'TeamJoined' });
  });

  it("the team view shows the members their team's number", () => {
    const s = show();
    expect(teamView(s.world.state, s.teamB)!.number).toBe(2);
  });

  it('a typed number may carry blanks or a leading #; anything else is no number', () => {
    expect(['2', ' 2 ', '#2', '# 2', '002'].map(teamNumberOf)).toEqual([2, 2, 2, 2, 2]);
    expect(['', 'zwei', '2a', '-2', '1.5', '1e3', '1234567890'].map(teamNumberOf)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('gj by short team number', () => {
  it('given cleo\'s team has number 2, when dora joins with "2" and the right password, then she joins that team (by its id)', () => {
    const s = show();
    const dora = s.world.player('dora');
    given(s.world)
      .whenWire({ type: 'JoinTeam', id: '2', password: 'pw-team', passwordOk: true }, s.world.as(dora))
      .thenEvents({ type: 'TeamJoined', data: { teamId: s.teamB, userId: dora, via: 'password' } });
  });

  it('given a team with number 2, when dora sends the number as a JSON number or as "#2", then she joins it too', () => {
    const s = show();
    const dora = s.world.player('dora');
    for (const id of [2, '#2']) {
      given(s.world)
        .whenWire({ type: 'JoinTeam', id, password: 'pw-team', passwordOk: true }, s.world.as(dora))
        .thenEvents({ type: 'TeamJoined', data: { teamId: s.teamB } });
    }
  });

  it("given two teams, when dora joins with an unknown number, then the spec's text and no event", () => {
    const s = show();
    const dora = s.world.player('dora');
    given(s.world)
      .whenWire({ type: 'JoinTeam', id: '17', password: 'pw-team', passwordOk: false }, s.world.as(dora))
      .thenRejected(JOIN_FAILED);
  });

  it("given team 2, when dora joins with its number and a wrong password, then the spec's text and no event", () => {
    const s = show();
    const dora = s.world.player('dora');
    given(s.world)
      .whenWire({ type: 'JoinTeam', id: '2', password: 'falsch', passwordOk: false }, s.world.as(dora))
      .thenRejected(JOIN_FAILED);
  });

  it("given team 2 was deleted, when dora joins with its number, then the spec's text", () => {
    const s = show();
    s.world.must({ type: 'DeleteTeam', id: s.teamB }, s.world.as(s.admin));
    const dora = s.world.player('dora');
    given(s.world)
      .whenWire({ type: 'JoinTeam', id: '2', password: 'pw-team', passwordOk: true }, s.world.as(dora))
      .thenRejected(JOIN_FAILED);
  });

  it('given a fusion team, when dora joins it by number with "(none)", then she joins without a password check', () => {
    const s = show();
    const [created] = s.world.must({ type: 'CreateTeam', name: 'Fusionsteam 1', ...dialog }, s.world.as(s.cleo));
    const fusion = created.data as { teamId: string; number: number };
    const dora = s.world.player('dora');
    given(s.world)
      .whenWire(
        { type: 'JoinTeam', id: String(fusion.number), password: '(none)', passwordOk: false },
        s.world.as(dora),
      )
      .thenEvents({ type: 'TeamJoined', data: { teamId: fusion.teamId, via: 'fusion' } });
  });

  it("the team's id keeps working (PROTOCOL.md), and an id wins over a number", () => {
    const s = show();
    const dora = s.world.player('dora');
    given(s.world)
      .whenWire({ type: 'JoinTeam', id: s.teamA, password: 'pw-team', passwordOk: true }, s.world.as(dora))
      .thenEvents({ type: 'TeamJoined', data: { teamId: s.teamA } });
    expect(teamByReference(s.world.state, s.teamB)?.id).toBe(s.teamB);
  });

  it('the boundary of a join by number is the stream of the team the number names (where its number is recorded)', () => {
    const s = show();
    const dora = s.world.player('dora');
    const command = admit(
      s.world.state,
      { type: 'JoinTeam', id: '2', password: 'pw-team', passwordOk: true },
      s.world.as(dora),
    );
    if (isRejection(command)) throw new Error(command.message);
    expect(entryOf('JoinTeam').boundary(command as never, s.world.state, dora)).toEqual([
      `user-${dora}`,
      `team-${s.teamB}`,
    ]);
  });
});
