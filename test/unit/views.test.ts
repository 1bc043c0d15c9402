import { globalView, teamView, views } from '../../projections/live';
import { q, showWithQuestion } from './support/fixtures';

function night() {
  const s = showWithQuestion([q(1, 1, 'normal', { answer: 'Die geheime Antwort' })]);
  const w = s.world;
  w.must({ type: 'AddProposal', message: 'Vorschlag von A' }, w.as(s.anna));
  w.must({ type: 'AddTeamChat', message: 'Chat von A' }, w.as(s.bert));
  w.must({ type: 'AddProposal', message: 'Vorschlag von B' }, w.as(s.cleo));
  w.must({ type: 'AddTeamChat', message: 'Chat von B' }, w.as(s.cleo));
  return s;
}

describe('views and privacy', () => {
  it("a player's views never hold another team's proposals or chat", () => {
    const s = night();
    const text = JSON.stringify(views(s.world.state, s.world.as(s.anna)));
    expect(text).toContain('Vorschlag von A');
    expect(text).toContain('Chat von A');
    expect(text).not.toContain('Vorschlag von B');
    expect(text).not.toContain('Chat von B');
  });

  it("a player's views hold no moderator or tester view", () => {
    const s = night();
    const v = views(s.world.state, s.world.as(s.anna));
    expect(v.moderator).toBeUndefined();
    expect(v.tester).toBeUndefined();
    expect(Object.keys(v).sort()).toEqual(['global', 'team', 'user']);
  });

  it('the answer of an open question is in no player view, only in the moderator view', () => {
    const s = night();
    expect(JSON.stringify(views(s.world.state, s.world.as(s.anna)))).not.toContain('Die geheime Antwort');
    expect(globalView(s.world.state).question).not.toHaveProperty('answer');
    expect(views(s.world.state, s.world.as(s.moderator)).moderator!.answer).toBe('Die geheime Antwort');
  });

  it('the answer becomes public once the question has ended', () => {
    const s = night();
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    expect(globalView(s.world.state).question!.answer).toBe('Die geheime Antwort');
  });

  it('the answer stays hidden during the countdown (qc)', () => {
    const s = night();
    s.world.must({ type: 'StartCountdown', time: 5 }, s.world.as(s.moderator));
    expect(JSON.stringify(globalView(s.world.state))).not.toContain('Die geheime Antwort');
  });

  it('a visitor sees only the global view', () => {
    const s = night();
    expect(Object.keys(views(s.world.state, { userId: null, roles: [] }))).toEqual(['global']);
  });

  it('the moderator view lists team favourites and the current position', () => {
    const s = night();
    s.world.must({ type: 'ChooseFavourite', number: 1 }, s.world.as(s.anna));
    const moderator = views(s.world.state, s.world.as(s.moderator)).moderator!;
    expect(moderator.teamFavorites).toEqual([[s.teamA, 'Vorschlag von A']]);
    expect(moderator).toEqual(
      expect.objectContaining({
        currentQuiz: s.quizId,
        currentRound: 1,
        currentQuestion: 1,
        nightId: s.world.state.night!.id,
      }),
    );
  });

  it('team view fields use the protocol names', () => {
    const s = night();
    const team = views(s.world.state, s.world.as(s.anna)).team!;
    expect(Object.keys(team).sort()).toEqual([
      'beschreibung',
      'favorite',
      'healDeal',
      'history',
      'id',
      'memberCount',
      'members',
      'name',
      'number',
      'proposals',
      'quizzled',
      'stadt',
      'takenAnswer',
      'url',
    ]);
    expect(team.proposals['1']).toEqual({
      user: 'anna',
      userId: s.anna,
      message: 'Vorschlag von A',
      chat: false,
      stars: 0,
    });
    expect(team.members[s.anna]).toEqual({ name: 'anna', online: false, star: null });
  });

  it('given Anna and Bert in team A, when Bert joins team B, then A counts one member and B two', () => {
    const s = night();
    expect(teamView(s.world.state, s.teamA)!.memberCount).toBe(2);
    s.world.joinTeam(s.bert, s.teamB);
    expect([teamView(s.world.state, s.teamA)!.memberCount, teamView(s.world.state, s.teamB)!.memberCount]).toEqual([
      1, 2,
    ]);
  });

  it('members are offline in the views: presence is laid over by the server from live sockets, never folded from the log', () => {
    const s = night();
    expect(Object.values(views(s.world.state, s.world.as(s.anna)).team!.members).map((m) => m.online)).toEqual([
      false,
      false,
    ]);
  });
});
