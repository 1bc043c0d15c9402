import {
  LOBBY_CHAT_INTERVAL_MS,
  LOBBY_CHAT_LIMIT,
  MAX_TEAM_ENTRIES_PER_QUESTION,
  MESSAGE_MAX_LENGTH,
  globalView,
  teamView,
} from '../../projections/live';
import { given } from './support/given';
import { q, show, showWithQuestion } from './support/fixtures';

describe('proposals (gp)', () => {
  it('a member proposes for the open question; keys count up per team', () => {
    const s = showWithQuestion([q(1, 1)]);
    s.world.must({ type: 'AddProposal', message: 'eins' }, s.world.as(s.anna));
    given(s.world)
      .when({ type: 'AddProposal', message: 'zwei' }, s.world.as(s.bert))
      .thenEvents({
        type: 'ProposalAdded',
        data: { teamId: s.teamA, key: 2, userId: s.bert, message: 'zwei', chat: false },
      });
  });

  it('not without an open question', () => {
    const s = show();
    given(s.world)
      .when({ type: 'AddProposal', message: 'x' }, s.world.as(s.anna))
      .thenRejected('Es ist gerade keine Frage aktiv.');
  });

  it('not without a team', () => {
    const s = showWithQuestion([q(1, 1)]);
    const dora = s.world.player('dora');
    given(s.world)
      .when({ type: 'AddProposal', message: 'x' }, s.world.as(dora))
      .thenRejected('Du bist in keinem Team.');
  });

  it('not empty', () => {
    const s = showWithQuestion([q(1, 1)]);
    given(s.world)
      .whenWire({ type: 'AddProposal', message: '   ' }, s.world.as(s.anna))
      .thenRejected('Es muss etwas eingegeben werden.');
  });

  it("ABCD: only the question's letters (default 4), stored upper case", () => {
    const s = showWithQuestion([q(1, 1, 'abcd')]);
    given(s.world)
      .when({ type: 'AddProposal', message: 'e' }, s.world.as(s.anna))
      .thenRejected('Bitte einen der Buchstaben A, B, C, D wählen.');
    given(s.world)
      .when({ type: 'AddProposal', message: 'c' }, s.world.as(s.anna))
      .thenEvents({ type: 'ProposalAdded', data: { message: 'C' } });
  });

  it('ABCD: optionNum sets the letter count', () => {
    const s = showWithQuestion([q(1, 1, 'abcd', { extraInfo: { optionNum: 6 } })]);
    given(s.world)
      .when({ type: 'AddProposal', message: 'F' }, s.world.as(s.anna))
      .thenEvents({ type: 'ProposalAdded' });
  });

  it('not for heal-and-deal or instruction questions', () => {
    const s = showWithQuestion([q(1, 1, 'heal_deal')]);
    given(s.world)
      .when({ type: 'AddProposal', message: 'x' }, s.world.as(s.anna))
      .thenRejected('Bei dieser Frage gibt es keine Vorschläge.');
  });

  it('not in single-player mode', () => {
    const s = show([q(1, 1)]);
    s.world.must({ type: 'ChangeUberMode', modus: 'quiz-single' }, s.world.as(s.moderator));
    s.world.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 }, s.world.as(s.moderator));
    given(s.world)
      .when({ type: 'AddProposal', message: 'x' }, s.world.as(s.anna))
      .thenRejected('Gerade läuft der Einzelspielermodus.');
  });
});

describe('ship answers (schiffe)', () => {
  const ship = () => showWithQuestion([q(1, 1, 'schiffe')]);

  it('accepts the two-line format', () => {
    const s = ship();
    given(s.world)
      .when({ type: 'AddProposal', message: 'Lager: L15\nPlündern: M14' }, s.world.as(s.anna))
      .thenEvents({ type: 'ProposalAdded' });
  });

  it.each([
    ['', 'Es muss etwas eingegeben werden.'],
    ['Lager: L15', 'Es müssen zwei Zeilen eingegeben werden.'],
    [
      'Lager L15\nPlündern: M14',
      'Die erste Zeile muss genau dem Format "Lager: (BUCHSTABE)(ZAHL)" entsprechen. Sie war "Lager L15"',
    ],
    [
      'Lager: 15\nPlündern: M14',
      'Die erste Zeile muss genau dem Format "Lager: (BUCHSTABE)(ZAHL)" entsprechen. Sie war "Lager: 15"',
    ],
    [
      'Lager: L15\nPluendern: M14',
      'Die zweite Zeile muss genau dem Format "Plündern: (BUCHSTABE)(ZAHL)" entsprechen. Sie war "Pluendern: M14"',
    ],
    [
      'Lager: \nPlündern: ',
      'Die erste Zeile muss genau dem Format "Lager: (BUCHSTABE)(ZAHL)" entsprechen. Sie war "Lager:"',
    ],
  ])('rejects %j', (message, text) => {
    const s = ship();
    given(s.world).when({ type: 'AddProposal', message }, s.world.as(s.anna)).thenRejected(text);
  });
});

describe('team chat (gc)', () => {
  it('is a proposal with chat true, allowed without an open question', () => {
    const s = show();
    given(s.world)
      .when({ type: 'AddTeamChat', message: 'Hallo Team' }, s.world.as(s.anna))
      .thenEvents({ type: 'ProposalAdded', data: { chat: true, message: 'Hallo Team', teamId: s.teamA } });
  });

  it('cannot become the favourite or be starred', () => {
    const s = showWithQuestion([q(1, 1)]);
    s.world.must({ type: 'AddTeamChat', message: 'hmm' }, s.world.as(s.anna));
    given(s.world)
      .whenWire({ type: 'ChooseFavourite', number: 1 }, s.world.as(s.anna))
      .thenRejected('Eine Chatnachricht kann keine Antwort sein.');
    given(s.world)
      .whenWire({ type: 'ToggleStar', number: 1 }, s.world.as(s.anna))
      .thenRejected('Eine Chatnachricht kann keine Antwort sein.');
  });
});

describe('favourites, stars, deletion', () => {
  function twoProposals() {
    const s = showWithQuestion([q(1, 1)]);
    s.world.must({ type: 'AddProposal', message: 'eins' }, s.world.as(s.anna));
    s.world.must({ type: 'AddProposal', message: 'zwei' }, s.world.as(s.bert));
    return s;
  }

  it('any member chooses the favourite', () => {
    const s = twoProposals();
    given(s.world)
      .whenWire({ type: 'ChooseFavourite', number: 2 }, s.world.as(s.anna))
      .thenEvents({ type: 'FavoriteChosen', data: { key: 2 } });
  });

  it('an unknown key is refused', () => {
    const s = twoProposals();
    given(s.world)
      .whenWire({ type: 'ChooseFavourite', number: 7 }, s.world.as(s.anna))
      .thenRejected('Diesen Vorschlag gibt es nicht.');
    given(s.world)
      .whenWire({ type: 'DeleteProposal', number: 7 }, s.world.as(s.anna))
      .thenRejected('Diesen Vorschlag gibt es nicht.');
  });

  it("another team's key does not exist for me", () => {
    const s = twoProposals();
    given(s.world)
      .whenWire({ type: 'ChooseFavourite', number: 1 }, s.world.as(s.cleo))
      .thenRejected('Diesen Vorschlag gibt es nicht.');
  });

  it('one star per member: starring another proposal moves it, the same one again takes it back', () => {
    const s = twoProposals();
    s.world.must({ type: 'ToggleStar', number: 1 }, s.world.as(s.anna));
    expect(teamView(s.world.state, s.teamA)!.proposals['1'].stars).toBe(1);
    s.world.must({ type: 'ToggleStar', number: 2 }, s.world.as(s.anna));
    const view = teamView(s.world.state, s.teamA)!;
    expect([view.proposals['1'].stars, view.proposals['2'].stars, view.members[s.anna].star]).toEqual([0, 1, 2]);
    given(s.world)
      .whenWire({ type: 'ToggleStar', number: 2 }, s.world.as(s.anna))
      .thenEvents({ type: 'StarToggled', data: { key: null } });
  });

  it('a member who changes team takes the star along', () => {
    const s = twoProposals();
    s.world.must({ type: 'ToggleStar', number: 1 }, s.world.as(s.bert));
    s.world.joinTeam(s.bert, s.teamB);
    expect(teamView(s.world.state, s.teamA)!.proposals['1'].stars).toBe(0);
  });

  it('deleting the favourite clears it and its stars', () => {
    const s = twoProposals();
    s.world.must({ type: 'ChooseFavourite', number: 1 }, s.world.as(s.anna));
    s.world.must({ type: 'ToggleStar', number: 1 }, s.world.as(s.bert));
    s.world.must({ type: 'DeleteProposal', number: 1 }, s.world.as(s.bert));
    expect(teamView(s.world.state, s.teamA)).toEqual(expect.objectContaining({ favorite: null }));
    expect(Object.keys(teamView(s.world.state, s.teamA)!.proposals)).toEqual(['2']);
    expect(teamView(s.world.state, s.teamA)!.members[s.bert].star).toBeNull();
  });
});

describe('single-player answers (sp)', () => {
  function single(type: Parameters<typeof q>[2] = 'normal') {
    const s = show([q(1, 1, type)]);
    s.world.must({ type: 'ChangeUberMode', modus: 'quiz-single' }, s.world.as(s.moderator));
    s.world.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 }, s.world.as(s.moderator));
    return s;
  }

  it('records the current answer', () => {
    const s = single();
    given(s.world)
      .when({ type: 'SubmitSingleAnswer', message: 'Rom' }, s.world.as(s.anna))
      .thenEvents({ type: 'SingleAnswerSubmitted', data: { userId: s.anna, message: 'Rom' } });
  });

  it('only in single-player mode', () => {
    const s = showWithQuestion([q(1, 1)]);
    given(s.world)
      .when({ type: 'SubmitSingleAnswer', message: 'Rom' }, s.world.as(s.anna))
      .thenRejected('Gerade läuft der Teammodus.');
  });

  it.each(['quizzle', 'schiffe', 'zeichnen'] as const)('%s is not implemented in quiz-single', (type) => {
    const s = single(type);
    given(s.world)
      .when({ type: 'SubmitSingleAnswer', message: 'x' }, s.world.as(s.anna))
      .thenRejected('Dieser Fragetyp ist im Einzelspielermodus nicht verfügbar.');
  });

  it('in the finale only players with points above 0 take part', () => {
    const s = single('finale');
    given(s.world)
      .when({ type: 'SubmitSingleAnswer', message: 'x' }, s.world.as(s.anna))
      .thenRejected('Du hast leider nicht mehr genügend Punkte und kannst daher nicht mehr mitspielen.');
  });

  it('a player with points plays the finale', () => {
    const s = show([q(1, 1), q(1, 2, 'finale')]);
    const w = s.world;
    w.must({ type: 'ChangeUberMode', modus: 'quiz-single' }, w.as(s.moderator));
    w.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 }, w.as(s.moderator));
    w.must({ type: 'SubmitSingleAnswer', message: 'richtig' }, w.as(s.anna));
    const [, locked] = w.must({ type: 'EndQuestion' }, w.as(s.moderator));
    const answerId = (locked.data as { answers: { answerId: string }[] }).answers[0].answerId;
    w.must({ type: 'RateAnswerAbsolute', answerId, value: 3, checked: true, liked: false }, w.as(s.tester));
    w.must({ type: 'StartNextQuestion' }, w.as(s.moderator));
    given(w)
      .when({ type: 'SubmitSingleAnswer', message: 'final' }, w.as(s.anna))
      .thenEvents({ type: 'SingleAnswerSubmitted' });
  });
});

describe('lobby chat (ulc)', () => {
  it('any logged-in user posts; moderators are highlighted', () => {
    const s = show();
    given(s.world)
      .when({ type: 'PostLobbyChat', message: 'Hi' }, s.world.as(s.anna))
      .thenEvents({ type: 'LobbyChatMessagePosted', data: { userId: s.anna, message: 'Hi', highlight: false } });
    given(s.world)
      .when({ type: 'PostLobbyChat', message: 'Los gehts' }, s.world.as(s.moderator))
      .thenEvents({ type: 'LobbyChatMessagePosted', data: { highlight: true } });
    given(s.world)
      .when({ type: 'PostLobbyChat', message: '' }, s.world.as(s.anna))
      .thenRejected('Es muss etwas eingegeben werden.');
  });

  it('given more lobby messages than the view keeps, then the view shows the last 100', () => {
    const s = show();
    for (let i = 1; i <= LOBBY_CHAT_LIMIT + 5; i++) {
      s.world.must({ type: 'PostLobbyChat', message: `Nachricht ${i}` }, s.world.as(s.anna));
      s.world.tick(LOBBY_CHAT_INTERVAL_MS);
    }
    const lobby = globalView(s.world.state).lobbyChat;
    expect(LOBBY_CHAT_LIMIT).toBe(100);
    expect(lobby).toHaveLength(100);
    expect(lobby[0]!.message).toBe('Nachricht 6');
    expect(lobby[99]!.message).toBe('Nachricht 105');
  });
});

describe('limits on proposals and chat', () => {
  const TOO_LONG = 'Die Nachricht ist zu lang (höchstens 1000 Zeichen).';
  const FULL =
    'Euer Team hat zu dieser Frage schon 300 Vorschläge und Chatnachrichten geschrieben. Weitere gehen erst bei der nächsten Frage.';

  it('a proposal, team chat entry or lobby message is at most 1000 characters long', () => {
    const s = showWithQuestion([q(1, 1)]);
    expect(MESSAGE_MAX_LENGTH).toBe(1000);
    const longest = 'x'.repeat(1000);
    const tooLong = 'x'.repeat(1001);
    for (const type of ['AddProposal', 'AddTeamChat', 'PostLobbyChat'] as const) {
      given(s.world).whenWire({ type, message: tooLong }, s.world.as(s.anna)).thenRejected(TOO_LONG);
      expect(given(s.world).whenWire({ type, message: longest }, s.world.as(s.anna)).decision.ok).toBe(true);
    }
  });

  it('given a team with 300 proposals and chat entries in this question (deleted ones count), then the next is refused, other teams go on, and the next question starts afresh', () => {
    const s = showWithQuestion([q(1, 1), q(1, 2)]);
    const w = s.world;
    expect(MAX_TEAM_ENTRIES_PER_QUESTION).toBe(300);
    for (let i = 1; i <= 299; i++) {
      w.must(
        { type: i % 2 === 0 ? 'AddTeamChat' : 'AddProposal', message: `Eintrag ${i}` },
        w.as(i % 3 === 0 ? s.bert : s.anna),
      );
    }
    w.must({ type: 'DeleteProposal', number: 1 }, w.as(s.anna));
    const last = given(w).when({ type: 'AddProposal', message: 'Nummer 300' }, w.as(s.bert));
    last.thenEvents({ type: 'ProposalAdded', data: { key: 300 } });
    last.andApply();
    given(w).when({ type: 'AddProposal', message: 'zu viel' }, w.as(s.anna)).thenRejected(FULL);
    given(w).when({ type: 'AddTeamChat', message: 'zu viel' }, w.as(s.bert)).thenRejected(FULL);
    given(w).when({ type: 'AddProposal', message: 'anderes Team' }, w.as(s.cleo)).thenEvents({ type: 'ProposalAdded' });
    expect(Object.keys(teamView(w.state, s.teamA)!.proposals)).toHaveLength(299);

    w.must({ type: 'EndQuestion' }, w.as(s.moderator));
    w.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 2 }, w.as(s.moderator));
    given(w)
      .when({ type: 'AddProposal', message: 'neue Frage' }, w.as(s.anna))
      .thenEvents({ type: 'ProposalAdded', data: { key: 1 } });
  });
});
