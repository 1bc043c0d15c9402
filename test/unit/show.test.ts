import { globalView, pointsOverview, testerView } from '../../projections/live';
import { VISITOR } from '../support/world';
import { given } from './support/given';
import { q, show, showWithQuestion } from './support/fixtures';

const MAINTENANCE = 'Der Server wird gerade neu gestartet, daher kannst du nichts zum Server senden.';

describe('maintenance (ara)', () => {
  it('a recheck time above 0 turns it on (state ma), 0 turns it off', () => {
    const s = show();
    s.world.must({ type: 'SetReconnectAt', recheckAt: s.world.now + 60_000 }, s.world.as(s.admin));
    expect(globalView(s.world.state)).toEqual(
      expect.objectContaining({ state: 'ma', recheckAt: s.world.now + 60_000 }),
    );
    given(s.world)
      .whenWire({ type: 'SetReconnectAt', recheckAt: 0 }, s.world.as(s.admin))
      .thenEvents({ type: 'MaintenanceEnded' });
  });

  it('blocks everything but ara from an admin', () => {
    const s = show();
    s.world.must({ type: 'SetReconnectAt', recheckAt: s.world.now }, s.world.as(s.admin));
    given(s.world)
      .whenWire({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 1 }, s.world.as(s.moderator))
      .thenRejected(MAINTENANCE);
    given(s.world).when({ type: 'PostLobbyChat', message: 'hallo?' }, s.world.as(s.anna)).thenRejected(MAINTENANCE);
    given(s.world).whenWire({ type: 'RegisterUser', login: 'neu', password: 'x' }, VISITOR).thenRejected(MAINTENANCE);
    given(s.world)
      .whenWire({ type: 'SetReconnectAt', recheckAt: 0 }, s.world.as(s.moderator))
      .thenRejected(MAINTENANCE);
    given(s.world)
      .whenWire({ type: 'SetReconnectAt', recheckAt: 0 }, s.world.as(s.admin))
      .thenEvents({ type: 'MaintenanceEnded' });
  });

  it('the recheck time must be a number', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'SetReconnectAt', recheckAt: Number.NaN }, s.world.as(s.admin))
      .thenRejected('Keine Zahl gesendet, kann nicht updaten.');
  });
});

describe('uber modes (mum)', () => {
  it('changes the mode while no question is open', () => {
    const s = show();
    given(s.world)
      .when({ type: 'ChangeUberMode', modus: 'pause' }, s.world.as(s.moderator))
      .thenEvents({ type: 'UberModeChanged', data: { modus: 'pause' } });
  });

  it('a quiz mode cannot be left while a question is open', () => {
    const s = showWithQuestion([q(1, 1)]);
    given(s.world)
      .when({ type: 'ChangeUberMode', modus: 'pause' }, s.world.as(s.moderator))
      .thenRejected('Die Quizart kann nur geändert werden, während keine Frage aktiv ist.');
    given(s.world)
      .when({ type: 'ChangeUberMode', modus: 'quiz-single' }, s.world.as(s.moderator))
      .thenRejected('Die Quizart kann nur geändert werden, während keine Frage aktiv ist.');
  });

  it('unknown modes are refused', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'ChangeUberMode', modus: 'disco' }, s.world.as(s.moderator))
      .thenRejected('Diese Quizart gibt es nicht.');
  });

  it('the uber message, painting strokes and clearing', () => {
    const s = show();
    given(s.world)
      .when({ type: 'SetUberMessage', message: '<b>Pause</b>' }, s.world.as(s.moderator))
      .thenEvents({ type: 'UberMessageSet' });
    s.world.must(
      {
        type: 'DrawStroke',
        url: 'https://example.org/bild.png',
        color: '#ff0000',
        startX: 1,
        startY: 2,
        endX: 3,
        endY: 4,
      },
      s.world.as(s.moderator),
    );
    expect(globalView(s.world.state).painting).toHaveLength(1);
    s.world.must({ type: 'ClearPainting' }, s.world.as(s.moderator));
    expect(globalView(s.world.state).painting).toEqual([]);
    given(s.world)
      .whenWire({ type: 'DrawStroke', url: '', color: '', startX: 1, startY: 2, endX: 3, endY: 4 }, s.world.as(s.anna))
      .thenRejected('Dazu fehlt dir die Berechtigung.');
  });
});

describe('admin tools', () => {
  it('overview message and feature flags', () => {
    const s = show();
    s.world.must({ type: 'SetOverviewMessage', message: 'Gleich gehts los' }, s.world.as(s.admin));
    s.world.must({ type: 'SetFeatureFlags', flags: '{"recreateSocketOnVisibilityLost": true}' }, s.world.as(s.admin));
    expect(globalView(s.world.state)).toEqual(
      expect.objectContaining({
        overviewMessage: 'Gleich gehts los',
        featureFlags: '{"recreateSocketOnVisibilityLost": true}',
      }),
    );
    given(s.world)
      .when({ type: 'SetOverviewMessage', message: 'x' }, s.world.as(s.moderator))
      .thenRejected('Dazu fehlt dir die Berechtigung.');
  });

  it('registrations are opened and closed through asu', () => {
    const s = show();
    s.world.must(
      { type: 'UpdateStateSetting', path: 'global.allowNewRegistrations', value: false },
      s.world.as(s.admin),
    );
    expect(globalView(s.world.state).allowNewRegistrations).toBe(false);
    s.world.must(
      { type: 'UpdateStateSetting', path: 'global.allowNewRegistrations', value: 'true' },
      s.world.as(s.admin),
    );
    expect(globalView(s.world.state).allowNewRegistrations).toBe(true);
    given(s.world)
      .whenWire({ type: 'UpdateStateSetting', path: 'global.somethingElse', value: 1 }, s.world.as(s.admin))
      .thenRejected('Diese Einstellung gibt es nicht.');
  });

  it('arr resets the live game and ends the night; users, teams, quizzes and settings stay', () => {
    const s = showWithQuestion([q(1, 1)]);
    s.world.must({ type: 'SetOverviewMessage', message: 'bleibt' }, s.world.as(s.admin));
    s.world.must({ type: 'PostLobbyChat', message: 'weg' }, s.world.as(s.anna));
    const nightId = s.world.state.night!.id;
    given(s.world)
      .when({ type: 'ResetLiveState' }, s.world.as(s.admin))
      .thenEvents({ type: 'LiveStateReset', data: { endedNightId: nightId } });
    s.world.must({ type: 'ResetLiveState' }, s.world.as(s.admin));
    expect(globalView(s.world.state)).toEqual(
      expect.objectContaining({ state: 'qn', question: null, lobbyChat: [], overviewMessage: 'bleibt' }),
    );
    expect(s.world.state.nights.get(nightId)!.endedAt).toBe(s.world.now);
    expect(s.world.state.teams.size).toBe(2);
  });
});

describe('publishing points (mp)', () => {
  /** Team A's answer Paris rated 2 points. */
  function ratedShow() {
    const s = showWithQuestion([q(1, 1), q(1, 2)]);
    s.world.must({ type: 'AddProposal', message: 'Paris' }, s.world.as(s.anna));
    s.world.must({ type: 'ChooseFavourite', number: 1 }, s.world.as(s.anna));
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    const paris = testerView(s.world.state).answers.find((a) => a.answer === 'Paris')!;
    s.world.must(
      { type: 'RateAnswerAbsolute', answerId: paris.id, value: 2, checked: true, liked: false },
      s.world.as(s.tester),
    );
    return s;
  }

  it('{publish: true} publishes the ranking the server computes from the ratings; {} and {publish: false} unpublish', () => {
    const s = ratedShow();
    const quizId = s.world.state.night!.quizId;
    s.world.must({ type: 'PublishPoints', content: { publish: true } }, s.world.as(s.moderator));
    const ranking = pointsOverview(s.world.state, quizId);
    expect(ranking.sortedTeams.map((r) => [r.teamId, r.total, r.rank])).toEqual([[s.teamA, 2, 1]]);
    expect(globalView(s.world.state).points).toEqual(ranking);
    given(s.world)
      .whenWire({ type: 'PublishPoints', content: { publish: true } }, s.world.as(s.moderator))
      .thenEvents({ type: 'PointsPublished', data: { quizId, points: ranking } });
    given(s.world)
      .whenWire({ type: 'PublishPoints', content: {} }, s.world.as(s.moderator))
      .thenEvents({ type: 'PointsUnpublished' });
    given(s.world)
      .whenWire({ type: 'PublishPoints', content: { publish: false } }, s.world.as(s.moderator))
      .thenEvents({ type: 'PointsUnpublished' });
    given(s.world)
      .whenWire({ type: 'PublishPoints', content: { publish: true } }, s.world.as(s.anna))
      .thenRejected('Dazu fehlt dir die Berechtigung.');
  });

  it("an older client's {rounds, sortedTeams} is accepted and ignored: a forged ranking never reaches the players", () => {
    const s = ratedShow();
    const quizId = s.world.state.night!.quizId;
    const forged = { rounds: [1], sortedTeams: [{ teamId: s.teamA, name: 'A', rounds: [99], total: 99, rank: 1 }] };
    given(s.world)
      .whenWire({ type: 'PublishPoints', content: forged }, s.world.as(s.moderator))
      .thenEvents({ type: 'PointsPublished', data: { quizId, points: pointsOverview(s.world.state, quizId) } });
  });

  it('publishes the quiz it names; without one and without a night there is nothing to publish', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'PublishPoints', content: { publish: true } }, s.world.as(s.moderator))
      .thenRejected('Es ist kein Quiz geladen, dessen Punkte veröffentlicht werden könnten.');
    given(s.world)
      .whenWire({ type: 'PublishPoints', content: { publish: true, quiz: 'nope' } }, s.world.as(s.moderator))
      .thenRejected('Es gibt kein Quiz mit der Nummer nope');
    given(s.world)
      .whenWire({ type: 'PublishPoints', content: { publish: 'vielleicht' } }, s.world.as(s.moderator))
      .thenRejected('Bitte für „publish“ true oder false senden.');
  });
});
