/**
 * The spec's last gaps on the web side (issue 26): placeholders where data is missing, the quizzle
 * verdict shown to the team, the team number in the header (splitscreen too), the user check of
 * /api/tokens/current. Rendered on the server with a prepared store.
 */
/* wouter ships ESM only; load the real package through SWC (see support/esm.ts). */
jest.mock('wouter', () => {
  const { requireEsmPackage } = jest.requireActual<typeof import('./support/esm')>('./support/esm');
  return requireEsmPackage(require.resolve('wouter'), require);
});

import { isUserResource } from '../../web/src/api/http';
import type { Quiz } from '../../web/src/logic/quiz';
import { missingQuestionText } from '../../web/src/operator/tester/SingleChecker';
import type { GlobalView, TeamView } from '../../web/src/realtime/views';
import { t } from '../../web/src/texts';
import { uiActions } from '../../web/src/store/uiSlice';
import { baseGlobal, esc, prepareStore, render, renderWithStore } from './support/render';

const team: TeamView = {
  id: '3',
  number: 17,
  name: 'Quizgeister',
  beschreibung: '',
  stadt: 'Köln',
  url: '',
  favorite: null,
  quizzled: 2,
  members: { 1: { name: 'Anna', online: true, star: null } },
  memberCount: 1,
  proposals: { 2: { user: 'Anna', userId: '1', message: 'Eiffelturm', chat: false, stars: 0 } },
  takenAnswer: null,
  history: [],
  healDeal: { round: 1, calculated: false, heal: null, deal: null },
};

const quizzleQuestion = (quizzle: GlobalView['quizzle']): GlobalView => ({
  ...baseGlobal,
  state: 'qa',
  quizzle,
  question: {
    type: 'quizzle',
    category: 'Rätsel',
    question: 'Was ist das?',
    round: 1,
    number: 1,
    points: 1,
    options: [],
    extraInfo: {},
  },
});

describe('placeholders for missing data (operator-side.md)', () => {
  it('the checker says why there is no correct answer: quiz not loaded, without content, or no such question', () => {
    const quiz = (content: Quiz['content']): Quiz => ({ id: '7', name: 'Test', yearWeek: '2026-48', content });
    expect(missingQuestionText(null)).toBe('(nicht geladen)');
    expect(missingQuestionText(quiz([]))).toBe('(quiz hat kein content)');
    expect(
      missingQuestionText(
        quiz([
          {
            round: 1,
            number: 1,
            type: 'normal',
            category: '',
            question: 'F',
            answer: 'A',
            points: 1,
            options: [],
            extraInfo: {},
          } as unknown as Quiz['content'][number],
        ]),
      ),
    ).toBe('(kein ergebnis)');
  });

  it('the moderator\'s points page shows "(nichts geladen)" until an overview is loaded', () => {
    const html = render('/moderator/points', { perm: ['moderator'], views: { global: baseGlobal } });
    expect(html).toContain(esc('(nichts geladen)'));
  });
});

describe('quizzle verdict for the team', () => {
  it('while waiting: the offered proposal and the waiting note', () => {
    const html = render('/', { views: { global: quizzleQuestion('offered'), team } });
    expect(html).toContain(esc(t.question.quizzleOffered(2)));
    expect(html).toContain(esc(t.question.quizzleWaiting));
  });

  it('accepted: the team is told its proposal was accepted', () => {
    const html = render('/', {
      views: {
        global: quizzleQuestion('accepted'),
        team: { ...team, quizzleVerdict: { verdict: 'accepted', key: 2 } },
      },
    });
    expect(html).toContain(esc('Euer Vorschlag V2 wurde angenommen.'));
    expect(html).not.toContain(esc(t.question.quizzleWaiting));
  });

  it('rejected: the team is told, and may accept another proposal', () => {
    const html = render('/', {
      views: {
        global: quizzleQuestion('init'),
        team: { ...team, quizzled: null, quizzleVerdict: { verdict: 'rejected', key: 2 } },
      },
    });
    expect(html).toContain(esc('Euer Vorschlag V2 wurde abgelehnt. Ihr könnt einen anderen Vorschlag annehmen.'));
    expect(html).toContain(`>${esc(t.question.quizzleAccept)}<`);
  });
});

describe('team number', () => {
  it('shows in the team header, in splitscreen as well', () => {
    const normal = render('/', { views: { global: baseGlobal, team } });
    expect(normal).toContain('Teamnummer 17');
    const store = prepareStore({ views: { global: baseGlobal, team } });
    store.dispatch(uiActions.splitscreenSet('withChat'));
    const split = renderWithStore('/', store);
    expect(split).toContain('class="splitscreen"');
    expect(split).toContain('Teamnummer 17');
  });
});

describe('/api/tokens/current', () => {
  it('only a user resource is taken as the current user', () => {
    const user = {
      type: 'users',
      id: '1',
      attributes: { login: 'anna', name: 'Anna', email: null, shownEmailPopupAt: null, perm: [] },
      relationships: { team: { data: null } },
    };
    expect(isUserResource(user)).toBe(true);
    expect(isUserResource({ ...user, type: 'teams' })).toBe(false);
    expect(isUserResource({ ...user, id: 1 })).toBe(false);
    expect(isUserResource({ ...user, attributes: { name: 'Anna' } })).toBe(false);
    expect(isUserResource(null)).toBe(false);
    expect(isUserResource(undefined)).toBe(false);
  });
});
