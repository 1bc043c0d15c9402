import { parseShipAnswer, shipAnswerProblemText, testerView } from '../../projections/live';
import { given } from './support/given';
import { q, showWithQuestion } from './support/fixtures';

describe('the ship round', () => {
  it('parses the two-line answer, letters upper case', () => {
    expect(parseShipAnswer('Lager: l15\nPlündern: M14')).toEqual({ lager: 'L15', pluendern: 'M14' });
    expect(shipAnswerProblemText('Lager: L15\r\nPlündern: M14')).toBeNull();
  });

  function shipNight() {
    const s = showWithQuestion([q(1, 1, 'schiffe'), q(1, 2)]);
    const w = s.world;
    const dora = w.playerWithTeam('dora', 'Dritte');
    w.must({ type: 'AddProposal', message: 'Lager: A1\nPlündern: B2' }, w.as(s.anna));
    w.must({ type: 'AddProposal', message: 'Lager: B2\nPlündern: C3' }, w.as(s.cleo));
    w.must({ type: 'AddProposal', message: 'Lager: C3\nPlündern: A9' }, w.as(dora.userId));
    w.must({ type: 'EndQuestion' }, w.as(s.moderator));
    return { ...s, teamC: dora.teamId };
  }

  it('asv: one point per plundered camp, one point for a camp nobody plundered', () => {
    const s = shipNight();
    const [event] = given(s.world)
      .whenWire({ type: 'CorrectShipQuestion', quiz: s.quizId, round: 1, question: 1 }, s.world.as(s.admin))
      .thenEvents({ type: 'ShipQuestionCorrected' });
    const byTeam = Object.fromEntries(
      (event.data as { results: { teamId: string; hits: number; survived: boolean; points: number }[] }).results.map(
        (r) => [r.teamId, [r.hits, r.survived, r.points]],
      ),
    );
    expect(byTeam).toEqual({ [s.teamA]: [1, true, 2], [s.teamB]: [1, false, 1], [s.teamC]: [0, false, 0] });
    s.world.append([event], `night-${s.world.state.night!.id}`);
    expect(testerView(s.world.state).answers.every((a) => a.checked)).toBe(true);
  });

  it('only ship questions, only existing ones, only admins', () => {
    const s = shipNight();
    given(s.world)
      .whenWire({ type: 'CorrectShipQuestion', quiz: s.quizId, round: 1, question: 2 }, s.world.as(s.admin))
      .thenRejected('Diese Frage ist keine Schiffe-Frage.');
    given(s.world)
      .whenWire({ type: 'CorrectShipQuestion', quiz: s.quizId, round: 5, question: 2 }, s.world.as(s.admin))
      .thenRejected('Diese Frage gibt es nicht.');
    given(s.world)
      .whenWire({ type: 'CorrectShipQuestion', quiz: 'x', round: 1, question: 1 }, s.world.as(s.admin))
      .thenRejected('Es gibt kein Quiz mit der Nummer x');
    given(s.world)
      .whenWire({ type: 'CorrectShipQuestion', quiz: s.quizId, round: 1, question: 1 }, s.world.as(s.moderator))
      .thenRejected('Dazu fehlt dir die Berechtigung.');
  });
});
