/**
 * The operator screens rendered on the server with a prepared store: each shows its spec texts and
 * the live data it reads (moderator and tester views, global state).
 */
/* wouter ships ESM only; load the real package through SWC (see support/esm.ts). */
jest.mock('wouter', () => {
  const { requireEsmPackage } = jest.requireActual<typeof import('./support/esm')>('./support/esm');
  return requireEsmPackage(require.resolve('wouter'), require);
});

import { createElement } from 'react';
import { QuizPreviewTable } from '../../web/src/operator/moderator/ConfigPage';
import { OverviewPanel } from '../../web/src/operator/moderator/ModeratorPointsPage';
import { RoundTable } from '../../web/src/operator/tester/RoundTable';
import { SingleChecker } from '../../web/src/operator/tester/SingleChecker';
import type { Quiz } from '../../web/src/logic/quiz';
import type { GlobalView, ModeratorView, OperatorView, QuestionView, Views } from '../../web/src/realtime/views';
import { t } from '../../web/src/texts/operator';
import { baseGlobal, esc, render, renderPart } from './support/render';

const teams = [
  { id: '3', number: 1, name: 'Quizgeister' },
  { id: '4', number: 2, name: 'Eulen' },
];

/** The operator view as the server pushes it: every team and user by id. */
const operator: OperatorView = {
  teams: Object.fromEntries(teams.map((team) => [team.id, team])),
  users: {
    u1: { id: 'u1', name: 'Anna', login: 'anna', roles: [] },
    u2: { id: 'u2', name: 'Olaf', login: 'olaf', roles: ['moderator'] },
  },
};

const moderator: ModeratorView = {
  nightId: 'night-1',
  currentQuiz: '7',
  currentRound: 2,
  currentQuestion: 3,
  timeLastChange: 1_795_201_200_000,
  answer: 'Paris',
  teamFavorites: [
    ['3', 'Paris'],
    ['99', 'Rom'],
  ],
  userAnswers: [],
  quizzleAnswer: { team: '4', teamName: 'Eulen', answer: 'Lyon' },
  heal_deal: {
    startHp: 10,
    healingPerRound: { 1: 1, 2: 2, 3: 3 },
    damagePerRound: { 1: 1, 2: 2, 3: 3 },
    damagePerRoundZombie: { 1: 2, 2: 3, 3: 4 },
  },
  greetings: [{ id: 'g1', name: 'Oma Erna', message: 'Viel Glück!' }],
  favouriteCount: { teams: 3, withFavourite: 2, online: 3 },
  hiddenPictures: [],
  hiddenLobbyChat: [],
};

const question: QuestionView = {
  type: 'normal',
  category: '(2) Erdkunde',
  question: 'Hauptstadt von Frankreich?',
  options: [],
  points: 2,
  round: 2,
  number: 3,
  extraInfo: {},
};
const live = (global: Partial<GlobalView> = {}, extra: Partial<Views> = {}): Partial<Views> => ({
  global: { ...baseGlobal, question, ...global },
  moderator,
  operator,
  ...extra,
});

describe('moderator control', () => {
  it('shows the moderation panel: a hide button beside each lobby chat message and greeting, mute beside each player (not operators), a team choice to take members out', () => {
    const lobbyChat = [
      { id: 'e1', user: 'Anna', message: 'Böses Wort', highlight: false },
      { id: 'e2', user: 'Olaf', message: 'Hallo', highlight: true },
    ];
    const html = render('/moderator/control', { perm: ['moderator'], views: live({ lobbyChat }) });
    for (const text of [
      t.moderation.heading,
      t.moderation.hideGreetingLabel('Oma Erna'),
      'Viel Glück!',
      t.moderation.hideLabel('Anna'),
      t.moderation.hideLabel('Olaf'),
      t.moderation.muteLabel('Anna'),
      t.moderation.unmuteLabel('Anna'),
      t.moderation.teamsHeading,
    ]) {
      expect(html).toContain(esc(text));
    }
    expect(html).not.toContain(esc(t.moderation.muteLabel('Olaf')));
    expect(html).toContain(esc(`Quizgeister (${t.operator.teamNumber(1)})`));
  });

  it('shows position, state, category, answer, countdown buttons and the next-question button', () => {
    const html = render('/moderator/control', { perm: ['moderator'], views: live({ state: 'qa' }) });
    for (const text of [
      t.control.currentHeading,
      t.operator.states.qa,
      '(2) Erdkunde',
      'Hauptstadt von Frankreich?',
      t.control.next,
      t.control.stop,
      t.control.countdownCustom,
      t.control.resetMenu,
    ]) {
      expect(html).toContain(esc(text));
    }
    for (const s of [5, 10, 20, 40, 60]) expect(html).toContain(`>${t.control.countdownSeconds(s)}<`);
    expect(html).toContain('value="60"');
  });

  it("lists team favourites with names from the operator view, and the spec's placeholder for an unknown team", () => {
    const html = render('/moderator/control', { perm: ['moderator'], views: live() });
    expect(html).toContain('Quizgeister');
    expect(html).toContain(esc('(kein Team)'));
    expect(html).not.toContain(t.control.noFavourites);
  });

  it("lists single answers with the players' names from the operator view, and the spec's placeholder for an unknown player", () => {
    const views = live(
      { mode: 'single' },
      {
        moderator: {
          ...moderator,
          userAnswers: [
            ['u1', 'Paris'],
            ['gone', 'Rom'],
          ],
        },
      },
    );
    const html = render('/moderator/control', { perm: ['moderator'], views });
    expect(html).toMatch(/<th scope="row">Anna<\/th><td class="answer-cell">Paris<\/td>/);
    expect(html).toMatch(/<th scope="row">\(Nicht gefunden\)<\/th><td class="answer-cell">Rom<\/td>/);
  });

  it('shows images for zeichnen and selfie favourites', () => {
    const html = render('/moderator/control', {
      perm: ['moderator'],
      views: live(
        { question: { ...question, type: 'zeichnen' }, imgPrefix: '/api/uploads/' },
        { moderator: { ...moderator, teamFavorites: [['3', 'bild.png']] } },
      ),
    });
    expect(html).toContain('src="/api/uploads/bild.png"');
    expect(html).toContain(esc(t.control.favouriteImage('Quizgeister')));
  });

  it('shows the empty texts of team and single mode', () => {
    const empty = { ...moderator, teamFavorites: [], userAnswers: [] };
    expect(render('/moderator/control', { perm: ['moderator'], views: live({}, { moderator: empty }) })).toContain(
      t.control.noFavourites,
    );
    expect(
      render('/moderator/control', { perm: ['moderator'], views: live({ mode: 'single' }, { moderator: empty }) }),
    ).toContain(t.control.noUserAnswers);
  });

  it('offers accept and reject for a quizzle, none once accepted', () => {
    const quizzle = live({ question: { ...question, type: 'quizzle' }, quizzle: 'offered' });
    const html = render('/moderator/control', { perm: ['moderator'], views: quizzle });
    expect(html).toContain('Lyon');
    expect(html).toContain(t.control.quizzleAccept);
    expect(html).toContain(t.control.quizzleReject);
    const accepted = render('/moderator/control', {
      perm: ['moderator'],
      views: live({ question: { ...question, type: 'quizzle' }, quizzle: 'accepted' }),
    });
    expect(accepted).not.toContain(`>${t.control.quizzleReject}<`);
  });

  it('has the uber mode select, the message and the painting panel', () => {
    const html = render('/moderator/control', {
      perm: ['moderator'],
      views: live({ painting: [{ url: '', color: '#000', startX: 0, startY: 0, endX: 5, endY: 5 }] }),
    });
    expect(html).toContain(t.control.uberSet);
    expect(html).toContain(esc(t.control.uberModes['quiz-single']));
    expect(html).toContain(t.control.uberMessageSave);
    expect(html).toContain(t.control.paintingStrokes(1));
  });
});

describe('moderator config, picture viewer and points', () => {
  it('config: new quiz form and the quiz list', () => {
    const html = render('/moderator/config', { perm: ['moderator'], views: live() });
    for (const text of [
      t.config.newHeading,
      t.config.name,
      t.config.yearWeek,
      t.config.drop,
      t.config.content,
      t.config.preview,
      t.config.allHeading,
    ]) {
      expect(html).toContain(esc(text));
    }
  });

  it('picture viewer: folder input, up-folder, presentation', () => {
    const html = render('/moderator/picviewer', { perm: ['moderator'], views: live() });
    expect(html).toContain(t.picviewer.folder);
    expect(html).toContain(t.picviewer.up);
    expect(html).toContain(t.picviewer.present);
  });

  it('points: quiz id and show overview, with the current quiz as default', () => {
    const html = render('/moderator/points', { perm: ['moderator'], views: live() });
    expect(html).toContain(t.moderatorPoints.show);
    expect(html).toContain('value="7"');
  });
});

describe('tester', () => {
  it('shows quiz id, check and the mode flag; no regex tool before checking', () => {
    const html = render('/tester', {
      perm: ['tester'],
      views: live(
        {},
        { tester: { quiz: '7', round: 2, question: 3, state: 'qn', countdownEndsAt: null, checking: {}, answers: [] } },
      ),
    });
    expect(html).toContain(t.tester.check);
    expect(html).toContain(t.tester.modeSingle);
    expect(html).toContain(t.tester.modeRound);
    expect(html).toContain('value="7"');
    expect(html).not.toContain(t.tester.regexHeading);
  });
});

describe('admin', () => {
  it('shows every panel with its spec texts and the version', () => {
    const global: Partial<GlobalView> = {
      allowNewRegistrations: true,
      featureFlags: '{"recreateSocketOnVisibilityLost":true}',
      overviewMessage: 'Gleich geht es los',
      heal_deals: { 3: { name: 'Quizgeister', current: 10, healings: 2, damages: 5, total: 7, zombie: false } },
    };
    const html = render('/admin', { perm: ['admin', 'moderator'], views: live(global) });
    for (const text of [
      t.admin.checkPingHeading,
      t.admin.deleteTeams,
      t.admin.flagsHeading,
      t.admin.messageHeading,
      t.admin.healDealHeading,
      t.admin.joinTeamHeading,
      t.admin.getInvite,
      t.admin.loginUserHeading,
      t.admin.getLoginLink,
      t.admin.maintenanceHeading,
      t.admin.setNow,
      t.admin.add60,
      t.admin.sendMaintenance,
      t.admin.disableMaintenance,
      t.admin.resetRedis,
      t.admin.schiffeHeading,
      t.admin.schiffeCorrect,
      t.admin.stechenHeading,
      t.admin.stechenCreate,
      t.admin.deactivate,
      t.app.version,
    ])
      expect(html).toContain(esc(text));
    expect(html).toContain('value="283"');
    expect(html).toContain('value="Seitenstechen"');
    expect(html).toContain('Gleich geht es los');
    expect(html).toContain(esc('recreateSocketOnVisibilityLost'));
    // Heal and deal: per-round settings from the moderator view, the overview total 10 + 2 - 5.
    expect(html).toContain(esc(t.admin.fieldLabel(t.admin.zombieDamage, 3)));
    expect(html).toMatch(/Quizgeister<\/th><td>10<\/td><td>2<\/td><td>5<\/td><td><strong>7<\/strong>/);
  });

  it('lists the teams (with their numbers) and users (with their logins) of the operator view, sorted by name', () => {
    const html = render('/admin', { perm: ['admin', 'moderator'], views: live() });
    expect(html).toContain(
      `<option value="4">Eulen (${t.operator.teamNumber(2)})</option><option value="3">Quizgeister (${t.operator.teamNumber(1)})</option>`,
    );
    expect(html).toContain('<option value="u1">Anna (anna)</option><option value="u2">Olaf (olaf)</option>');
    expect(html).toContain(esc(t.admin.deleteTeamsCount(2)));
  });

  it('closed registrations offer Aktivieren', () => {
    expect(render('/admin', { perm: ['admin'], views: live({ allowNewRegistrations: false }) })).toContain(
      t.admin.activate,
    );
  });
});

describe('player points page with the server shape', () => {
  it('reads round points from lists (index 0 = round 1)', () => {
    const points = {
      rounds: [1, 2],
      sortedTeams: [
        { teamId: '3', name: 'Quizgeister', rounds: [3, 4], total: 7, rank: 1, place: 1 },
        { teamId: '4', name: 'Eulen', rounds: [5, 0], total: 5, rank: 2, place: 2 },
      ],
    };
    const html = render('/points', { views: { global: { ...baseGlobal, points } } });
    // Each round's cell: its points, then the place after that round (Quizgeister 2nd after round 1, 1st after round 2).
    expect(html).toMatch(
      /Quizgeister<\/th><td class="points-table__points">3<span class="round-place round-place--2"[^]*?<\/td><td class="points-table__points">4<span class="round-place round-place--1"/,
    );
  });
});

describe('parts that appear after an action', () => {
  const quiz: Quiz = {
    id: '7',
    name: 'KW 47',
    yearWeek: '2026-47',
    content: [
      {
        type: 'normal',
        round: 1,
        number: 1,
        category: '(3) Erdkunde',
        question: 'Hauptstadt?',
        answer: 'Paris',
        points: -1,
        options: [],
        extraInfo: {},
      },
      {
        type: 'abcd',
        round: 1,
        number: 2,
        category: 'Musik',
        question: 'Welcher Ton?',
        answer: 'B',
        points: 1,
        options: ['A', 'B'],
        extraInfo: {},
      },
    ],
  };
  const answers = [
    {
      id: '1',
      round: 1,
      num: 1,
      teamId: '3',
      team: null,
      userId: null,
      answer: 'Paris',
      points: 3,
      checked: true,
      liked: false,
    },
    {
      id: '2',
      round: 1,
      num: 1,
      teamId: '4',
      team: null,
      userId: null,
      answer: 'Lyon',
      points: 0,
      checked: false,
      liked: true,
    },
    {
      id: '3',
      round: 1,
      num: 2,
      teamId: '3',
      team: null,
      userId: null,
      answer: 'B',
      points: 0,
      checked: false,
      liked: false,
    },
  ];
  const teamName = (a: { teamId: string | null }) => teams.find((team) => team.id === a.teamId)?.name ?? '?';

  it('single checker: correct answer with max points, the answer coloured by status, rating buttons 0-6', () => {
    const html = renderPart(
      createElement(SingleChecker, {
        quizId: '7',
        quiz,
        answers,
        teamName,
        onRated: () => undefined,
        position: { round: '1', question: '1' },
        onPosition: () => undefined,
      }),
      { views: live() },
    );
    expect(html).toContain(t.tester.correctAnswer);
    expect(html).toContain(t.tester.maxPoints(3));
    expect(html).toContain('check-answer--green');
    expect(html).toContain(t.tester.answerOf('Quizgeister'));
    for (let v = 0; v <= 6; v += 1) expect(html).toContain(`aria-label="${esc(t.tester.rate(v))}"`);
    expect(html).toContain(t.tester.skip);
    expect(html).toContain(t.tester.unskip);
    expect(html).toContain(t.tester.like);
  });

  it('single checker: nothing fits', () => {
    const html = renderPart(
      createElement(SingleChecker, {
        quizId: '7',
        quiz,
        answers,
        teamName,
        onRated: () => undefined,
        position: { round: '3', question: '1' },
        onPosition: () => undefined,
      }),
      { views: live() },
    );
    expect(html).toContain(t.tester.noneFits);
  });

  it('round table: teams by questions, 384 px per question column', () => {
    const html = renderPart(
      createElement(RoundTable, { quiz, answers, teamName, round: '1', onRound: () => undefined }),
      { views: live() },
    );
    expect(html).toContain(t.tester.questionColumn(2));
    expect(html).toContain('width:384px');
    expect(html).toContain('check-answer--orange');
    expect(html).toMatch(/Eulen<\/th>/);
  });

  it('quiz preview table', () => {
    const html = renderPart(createElement(QuizPreviewTable, { questions: quiz.content }));
    expect(html).toContain('Welcher Ton?');
    expect(html).toContain('A · B');
  });

  it('points overview: publish, unpublish, sort toggle, teams.txt, table and chart with a legend', () => {
    const overview = {
      rounds: [1, 2],
      sortedTeams: Array.from({ length: 22 }, (_, i) => ({
        teamId: `t${i + 1}`,
        name: `Team ${i + 1}`,
        rounds: [i, 22 - i],
        total: 22,
        rank: 1,
        place: 1,
      })),
    };
    const html = renderPart(createElement(OverviewPanel, { quizId: '7', overview }), { views: live() });
    for (const text of [
      t.moderatorPoints.download,
      t.moderatorPoints.publish,
      t.moderatorPoints.unpublish,
      t.moderatorPoints.sortTotal,
      t.moderatorPoints.chartHeading,
    ]) {
      expect(html).toContain(esc(text));
    }
    expect(html).toContain(`aria-label="${esc(t.moderatorPoints.chartLabel)}"`);
    expect(html.match(/<polyline/g)).toHaveLength(22);
    expect(html.match(/points-legend__item/g)).toHaveLength(22);
    expect(html).toContain(t.moderatorPoints.unpublished);
  });

  it("points overview: the rows show the server's rank and total in its order, not a ranking of their own", () => {
    // As the engine ranks them: equal totals share rank 2, then by name in code points ('Zebra' before 'apfel').
    const row = (name: string, total: number, rank: number) => ({
      teamId: name,
      name,
      rounds: [total],
      total,
      rank,
      place: Math.min(rank, 4),
    });
    const overview = {
      rounds: [1],
      sortedTeams: [row('Beta', 9, 1), row('Zebra', 5, 2), row('apfel', 5, 2), row('Alpha', 1, 4)],
    };
    const html = renderPart(createElement(OverviewPanel, { quizId: '7', overview }), { views: live() });
    const shown = [...html.matchAll(/<td>(\d+)(?:<!-- -->)?\.<\/td><th scope="row">([^<]+)<\/th>/g)].map((m) => [
      m[2],
      Number(m[1]),
    ]);
    expect(shown).toEqual([
      ['Beta', 1],
      ['Zebra', 2],
      ['apfel', 2],
      ['Alpha', 4],
    ]);
  });
});
