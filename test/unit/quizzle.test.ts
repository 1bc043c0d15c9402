import { globalView, moderatorView, teamScope, teamView, touchedInstances } from '../../projections/live';
import { given } from './support/given';
import { q, showWithQuestion } from './support/fixtures';

function quizzle() {
  const s = showWithQuestion([q(1, 1, 'quizzle'), q(1, 2)]);
  s.world.must({ type: 'AddProposal', message: 'Eiffelturm' }, s.world.as(s.anna));
  s.world.must({ type: 'AddProposal', message: 'Big Ben' }, s.world.as(s.cleo));
  return s;
}

describe('quizzle', () => {
  it('a team offers a proposal (go); the moderator sees it, the team sees it as quizzled', () => {
    const s = quizzle();
    given(s.world)
      .whenWire({ type: 'OfferQuizzle', number: 1 }, s.world.as(s.bert))
      .thenEvents({ type: 'QuizzleOffered', data: { teamId: s.teamA, key: 1, answer: 'Eiffelturm' } });
    s.world.must({ type: 'OfferQuizzle', number: 1 }, s.world.as(s.bert));
    expect(moderatorView(s.world.state).quizzleAnswer).toEqual({
      team: s.teamA,
      teamName: 'Die Ahnungslosen',
      answer: 'Eiffelturm',
    });
    expect(teamView(s.world.state, s.teamA)!.quizzled).toBe(1);
    expect(globalView(s.world.state).quizzle).toBe('offered');
  });

  it('one offer at a time', () => {
    const s = quizzle();
    s.world.must({ type: 'OfferQuizzle', number: 1 }, s.world.as(s.anna));
    given(s.world)
      .whenWire({ type: 'OfferQuizzle', number: 1 }, s.world.as(s.cleo))
      .thenRejected('Es wartet bereits ein Quizzle-Vorschlag auf die Entscheidung.');
  });

  it('rejecting (mq) opens the quizzle again for everyone', () => {
    const s = quizzle();
    s.world.must({ type: 'OfferQuizzle', number: 1 }, s.world.as(s.anna));
    given(s.world)
      .when({ type: 'RejectQuizzle' }, s.world.as(s.moderator))
      .thenEvents({ type: 'QuizzleRejected', data: { teamId: s.teamA } });
    s.world.must({ type: 'RejectQuizzle' }, s.world.as(s.moderator));
    expect(teamView(s.world.state, s.teamA)!.quizzled).toBeNull();
    given(s.world)
      .whenWire({ type: 'OfferQuizzle', number: 1 }, s.world.as(s.cleo))
      .thenEvents({ type: 'QuizzleOffered', data: { teamId: s.teamB } });
  });

  it('accepted status (mr) prevents further accept, reject and offers', () => {
    const s = quizzle();
    s.world.must({ type: 'OfferQuizzle', number: 1 }, s.world.as(s.anna));
    s.world.must({ type: 'AcceptQuizzle' }, s.world.as(s.moderator));
    expect(globalView(s.world.state).quizzle).toBe('accepted');
    given(s.world)
      .when({ type: 'AcceptQuizzle' }, s.world.as(s.moderator))
      .thenRejected('Das Quizzle wurde bereits angenommen.');
    given(s.world)
      .when({ type: 'RejectQuizzle' }, s.world.as(s.moderator))
      .thenRejected('Das Quizzle wurde bereits angenommen.');
    given(s.world)
      .whenWire({ type: 'OfferQuizzle', number: 1 }, s.world.as(s.cleo))
      .thenRejected('Das Quizzle wurde bereits angenommen.');
  });

  it('nothing to decide without an offer; only on quizzle questions', () => {
    const s = quizzle();
    given(s.world)
      .when({ type: 'AcceptQuizzle' }, s.world.as(s.moderator))
      .thenRejected('Es liegt kein Quizzle-Vorschlag vor.');
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    s.world.must({ type: 'StartNextQuestion' }, s.world.as(s.moderator));
    s.world.must({ type: 'AddProposal', message: 'x' }, s.world.as(s.anna));
    given(s.world)
      .whenWire({ type: 'OfferQuizzle', number: 1 }, s.world.as(s.anna))
      .thenRejected('Die aktuelle Frage ist kein Quizzle.');
    given(s.world)
      .when({ type: 'AcceptQuizzle' }, s.world.as(s.moderator))
      .thenRejected('Die aktuelle Frage ist kein Quizzle.');
  });

  it('the team sees the verdict: accepted, and a rejection is said until its next offer; other teams see none', () => {
    const s = quizzle();
    s.world.must({ type: 'OfferQuizzle', number: 1 }, s.world.as(s.anna));
    expect(teamView(s.world.state, s.teamA)!.quizzleVerdict).toBeUndefined();
    s.world.must({ type: 'RejectQuizzle' }, s.world.as(s.moderator));
    expect(teamView(s.world.state, s.teamA)!.quizzleVerdict).toEqual({ verdict: 'rejected', key: 1 });
    expect(teamView(s.world.state, s.teamB)!.quizzleVerdict).toBeUndefined();
    s.world.must({ type: 'AddProposal', message: 'Louvre' }, s.world.as(s.anna));
    s.world.must({ type: 'OfferQuizzle', number: 2 }, s.world.as(s.anna));
    expect(teamView(s.world.state, s.teamA)!.quizzleVerdict).toBeUndefined();
    const offered = s.world.state;
    s.world.must({ type: 'AcceptQuizzle' }, s.world.as(s.moderator));
    expect(teamView(s.world.state, s.teamA)!.quizzleVerdict).toEqual({ verdict: 'accepted', key: 2 });
    // The accept changes no play: the team's scope is pushed because of the verdict.
    const touched = touchedInstances(teamScope.reads, s.world.state, offered);
    expect(touched === 'all' || touched.has(s.teamA)).toBe(true);
    expect(teamView(s.world.state, s.teamB)!.quizzleVerdict).toBeUndefined();
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    s.world.must({ type: 'StartNextQuestion' }, s.world.as(s.moderator));
    expect(teamView(s.world.state, s.teamA)!.quizzleVerdict).toBeUndefined();
  });

  it('a new question resets the quizzle to init', () => {
    const s = quizzle();
    s.world.must({ type: 'OfferQuizzle', number: 1 }, s.world.as(s.anna));
    s.world.must({ type: 'AcceptQuizzle' }, s.world.as(s.moderator));
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    s.world.must({ type: 'StartNextQuestion' }, s.world.as(s.moderator));
    expect(globalView(s.world.state).quizzle).toBe('init');
  });
});
