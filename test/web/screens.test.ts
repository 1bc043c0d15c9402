/**
 * Renders the app's screens on the server (react-dom/server, no DOM needed) with a prepared store:
 * every route and every question type must render without throwing and show its spec texts.
 */
/* wouter ships ESM only; load the real package through SWC (see support/esm.ts). */
jest.mock('wouter', () => {
  const { requireEsmPackage } = jest.requireActual<typeof import('./support/esm')>('./support/esm');
  return requireEsmPackage(require.resolve('wouter'), require);
});

import type { GlobalView, QuestionView, TeamView, Views } from '../../web/src/realtime/views';
import { FINALE_OUT_OF_POINTS_TEXT } from '@live/rules/play-rules';
import { t } from '../../web/src/texts/operator';
import { baseGlobal, baseUser, esc, render } from './support/render';

/** Team 3 as the engine sends it: proposals by key with the author's name and id, members by user id. */
const team: TeamView = {
  id: '3',
  number: 3,
  name: 'Quizgeister',
  beschreibung: '',
  stadt: 'Köln',
  url: '',
  favorite: 1,
  quizzled: null,
  members: { 1: { name: 'Anna', online: true, star: 1 }, 2: { name: 'Ben', online: false, star: null } },
  memberCount: 2,
  proposals: {
    1: { user: 'Anna', userId: '1', message: 'Paris', chat: false, stars: 1 },
    2: { user: 'Ben', userId: '2', message: 'Lyon', chat: false, stars: 0 },
    3: { user: 'Ben', userId: '2', message: 'Hallo Team', chat: true, stars: 0 },
  },
  takenAnswer: null,
  history: [],
  healDeal: { round: 1, calculated: false, heal: null, deal: null },
};

const withQuestion = (type: QuestionView['type'], extra: Partial<GlobalView> = {}): Partial<Views> => ({
  global: {
    ...baseGlobal,
    state: 'qa',
    question: {
      type,
      category: 'Geografie',
      question: 'Wie heißt die Hauptstadt?',
      round: 2,
      number: 4,
      points: 1,
      options: ['Paris', 'Rom', 'Bern'],
      extraInfo: {},
    },
    ...extra,
  },
  team,
});

describe('visitor screens', () => {
  it.each([
    ['/about', t.about.heading],
    ['/next', t.next.heading],
    ['/special', t.special.heading],
    ['/changelog', '05.11.2020'],
    ['/gruss', t.gruss.heading],
    ['/loading', t.loading.text],
    ['/team', t.loading.text],
    ['/register', t.auth.registerHeading],
    ['/login', t.auth.loginPageHeading],
  ])('%s renders', (path, text) => {
    const html = render(path, { loggedIn: false });
    expect(html).toContain(esc(text));
    expect(html).toContain(t.nav.contact);
  });

  it('the special quiz locale hides the email field of the registration', () => {
    expect(render('/login', { loggedIn: false })).not.toContain(t.auth.email);
  });

  it('the auth area needs a session', () => {
    expect(render('/', { loggedIn: false })).not.toContain(t.wrapper.selectHeading);
    expect(render('/points', { loggedIn: false })).not.toContain(t.points.heading);
  });
});

describe('player screens', () => {
  it('shows the loading page until the live state is loaded', () => {
    expect(render('/')).toContain(t.loading.text);
  });

  it('shows team selection with letter ranges when the player has no team', () => {
    const html = render('/', { views: { global: baseGlobal } });
    expect(html).toContain(t.wrapper.selectHeading);
    expect(html).toContain(t.findTeam.search);
    expect(html).toContain('V-Z');
    expect(html).toContain(t.lobby.empty);
  });

  it('shows the team header, members with online dots and the no-question view', () => {
    const html = render('/', {
      views: {
        global: { ...baseGlobal, overviewMessage: 'Gleich geht es weiter' },
        team: { ...team, takenAnswer: { message: 'Paris', user: 'Anna' } },
      },
    });
    expect(html).toContain('Quizgeister');
    expect(html).toContain(t.wrapper.invite);
    expect(html).toContain('dot--online');
    expect(html).toContain('dot--offline');
    expect(html).toContain(t.question.none);
    expect(html).toContain('Gleich geht es weiter');
    expect(html).toContain(esc(t.question.takenBy('Anna')));
  });

  it('renders a normal question with proposals, stars and favourite', () => {
    const html = render('/', { views: withQuestion('normal', { countdownEndsAt: Date.now() + 60_000, state: 'qc' }) });
    expect(html).toContain('Wie heißt die Hauptstadt?');
    expect(html).toContain(t.question.propose);
    expect(html).toContain('Paris');
    expect(html).toContain('Hallo Team');
    expect(html).toContain(t.question.favorite);
    expect(html).toContain(t.countdown.label);
    expect(html).toContain('countdown--running');
  });

  it.each([
    ['abcd', t.question.abcdChoose],
    ['quizzle', t.question.quizzleAccept],
    ['schiffe', t.question.schiffeHelp],
    ['selfie', t.question.selfieHint],
    ['zeichnen', t.drawing.clearAll],
    ['heal_deal', t.healDeal.deal],
    ['instruction', t.question.instructionAlt],
    ['finale', t.question.propose],
  ] as const)('renders the %s question', (type, text) => {
    expect(render('/', { views: withQuestion(type) })).toContain(esc(text));
  });

  it("offers the engine's ABCD letters: extraInfo.optionNum wins over the number of options", () => {
    const letters = (views: Partial<Views>) =>
      [...render('/', { views }).matchAll(/class="abcd__letter">([A-Z])</g)].map((m) => m[1]);
    expect(letters(withQuestion('abcd'))).toEqual(['A', 'B', 'C']);
    const six = withQuestion('abcd');
    six.global!.question!.extraInfo = { optionNum: 6 };
    expect(letters(six)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
  });

  it('keeps an open question in view, read-only, during maintenance; an ended one is not shown as open', () => {
    const open = render('/', { views: withQuestion('normal', { state: 'ma', recheckAt: Date.now() + 60_000 }) });
    expect(open).toContain('Wie heißt die Hauptstadt?');
    expect(open).toMatch(/<fieldset[^>]*disabled/);
    expect(open).not.toContain(esc(t.question.none));
    const ended = withQuestion('normal', { state: 'ma' });
    ended.global!.question!.answer = 'Paris';
    expect(render('/', { views: ended })).toContain(esc(t.question.none));
    const answering = render('/', { views: withQuestion('normal') });
    expect(answering).not.toMatch(/<fieldset[^>]*disabled/);
  });

  it('shows "kein Countdown aktiv!" outside a countdown and the quizzle offer alone', () => {
    expect(render('/', { views: withQuestion('normal') })).toContain(t.countdown.none);
    const html = render('/', { views: { ...withQuestion('quizzle'), team: { ...team, quizzled: 2 } } });
    expect(html).toContain(t.question.quizzleOffered(2));
    expect(html).not.toContain(t.question.quizzleAccept);
  });

  it('single mode: finale-single out of points', () => {
    const html = render('/', {
      views: { ...withQuestion('finale', { uberModus: 'quiz-single' }), user: { ...baseUser, points: 0 } },
    });
    expect(html).toContain(FINALE_OUT_OF_POINTS_TEXT);
  });

  it.each([
    ['pre', t.uber.pre],
    ['pause', t.uber.pauseSend],
    ['post', t.uber.postLink],
    ['painting', t.uber.paintingHeading],
    ['instruction', t.uber.instruction],
  ] as const)('renders the uber mode %s', (modus, text) => {
    expect(render('/', { views: { global: { ...baseGlobal, uberModus: modus }, team } })).toContain(esc(text));
  });

  it("heal and deal: the team's choices come from the team view; the deal list never offers the own team", () => {
    const heal_deals = {
      3: { name: 'Quizgeister', current: 10, healings: 0, damages: 0, total: 10, zombie: false },
      4: { name: 'Rest', current: 10, healings: 0, damages: 2, total: 8, zombie: false },
    };
    const chosen = {
      ...team,
      healDeal: { round: 1, calculated: false, heal: null, deal: { team: '4', teamName: 'Rest', amount: 2 } },
    };
    const html = render('/', { views: { ...withQuestion('heal_deal', { heal_deals }), team: chosen } });
    expect(html).toContain(esc(t.healDeal.chosen.deal('Rest', 2)));
    expect(html).toContain(esc(t.healDeal.remainingHeal));
    expect(html).toContain(t.healDeal.change);
    const select = html.slice(html.indexOf('<select'), html.indexOf('</select>'));
    expect(select).toContain('value="4"');
    expect(select).not.toContain('value="3"');

    const calculated = { ...team, healDeal: { round: 2, calculated: true, heal: null, deal: null } };
    const after = render('/', { views: { ...withQuestion('heal_deal', { heal_deals }), team: calculated } });
    expect(after).toContain(esc(t.healDeal.calculated(2)));
    expect(after).toContain(esc(t.healDeal.notChosen.deal));
    expect(after).not.toContain('<select');
  });

  it('a server message replaces the default uber text (without a DOM to sanitise with, as text only: test/web/operator-html.test.ts)', () => {
    const html = render('/', {
      views: { global: { ...baseGlobal, uberModus: 'pre', uberMessage: '<b>Heute später</b>' }, team },
    });
    expect(html).toContain('<div class="server-message">Heute später</div>');
    expect(html).not.toContain(esc(t.uber.pre));
  });

  it('points page with and without published points', () => {
    expect(render('/points', { views: { global: baseGlobal } })).toContain(t.points.empty);
    const points = {
      rounds: [1, 2],
      sortedTeams: [
        { teamId: '3', name: 'Quizgeister', rounds: [3, 4], total: 7, rank: 1, place: 1 },
        { teamId: '4', name: 'Rest', rounds: [1, 0], total: 1, rank: 2, place: 2 },
      ],
    };
    const html = render('/points', { views: { global: { ...baseGlobal, points } } });
    expect(html).toContain(t.points.placeImage(1));
    expect(html).toContain('Quizgeister');
    expect(html).toContain('>7<');
  });

  it("points page: each round shows the place after that round (the engine's walk over the cumulative points)", () => {
    // Rest leads after round 1 (5 to 3) and is caught in round 2 (5 to 7); Dritte stays place 3; Vierte gets no badge.
    const points = {
      rounds: [1, 2],
      sortedTeams: [
        { teamId: '3', name: 'Quizgeister', rounds: [3, 4], total: 7, rank: 1, place: 1 },
        { teamId: '4', name: 'Rest', rounds: [5, 0], total: 5, rank: 2, place: 2 },
        { teamId: '5', name: 'Dritte', rounds: [1, 1], total: 2, rank: 3, place: 3 },
        { teamId: '6', name: 'Vierte', rounds: [0, 0], total: 0, rank: 4, place: 4 },
      ],
    };
    const html = render('/points', { views: { global: { ...baseGlobal, points } } });
    const rowOf = (name: string) =>
      html.slice(html.indexOf(`>${name}<`), html.indexOf('</tr>', html.indexOf(`>${name}<`)));
    expect(rowOf('Quizgeister')).toContain(t.points.roundPlace(1, 2));
    expect(rowOf('Quizgeister')).toContain(t.points.roundPlace(2, 1));
    expect(rowOf('Rest')).toContain(t.points.roundPlace(1, 1));
    expect(rowOf('Rest')).toContain(t.points.roundPlace(2, 2));
    expect(rowOf('Dritte')).toContain(t.points.roundPlace(2, 3));
    expect(rowOf('Vierte')).not.toContain('round-place');
  });

  it('team edit, profile and picture pages', () => {
    expect(render('/profile_team', { views: { global: baseGlobal, team } })).toContain(t.team.stadt);
    expect(render('/profile_team', { views: { global: baseGlobal } })).toContain(t.team.noTeam);
    expect(render('/profile')).toContain(t.profile.newPasswordRepeat);
    expect(render('/picture')).toContain(t.picture.heading);
  });
});

describe('role guards', () => {
  it('tester, moderator and admin routes need their perm', () => {
    const views = { global: baseGlobal };
    expect(render('/tester', { views })).not.toContain(t.tester.check);
    expect(render('/tester', { perm: ['tester'], views })).toContain(t.tester.check);
    expect(render('/moderator/control', { perm: ['tester'], views })).not.toContain(t.control.heading);
    expect(render('/moderator/control', { perm: ['moderator'], views })).toContain(t.control.heading);
    expect(render('/admin', { perm: ['moderator'], views })).not.toContain(t.admin.flagsHeading);
    expect(render('/admin', { perm: ['admin'], views })).toContain(t.admin.flagsHeading);
  });

  it('operator screens wait for the live state', () => {
    expect(render('/moderator/control', { perm: ['moderator'] })).toContain(t.loading.text);
  });

  it('navbar shows role entries only to their roles', () => {
    expect(render('/', { perm: ['moderator'] })).toContain(t.nav.control);
    expect(render('/', { perm: ['moderator'] })).not.toContain(`>${t.nav.points}<`);
    expect(render('/', { perm: [] })).not.toContain(t.nav.admin);
  });
});
