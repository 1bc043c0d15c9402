/**
 * Views as the server pushes them: the engine's shapes (projections/live/views/views.ts) with realistic
 * data (string ids, every field the engine always sends). Tests spread these and change what they need.
 */
import type { GlobalView, TeamView, UserView } from '../../../web/src/realtime/views';

/** The global view of a fresh live state, as the engine computes it. */
export const baseGlobal: GlobalView = {
  state: 'qn',
  countdownEndsAt: null,
  timeLeft: null,
  uberModus: 'quiz',
  uberMessage: '',
  overviewMessage: '',
  question: null,
  lagQType: null,
  quizzle: 'init',
  lobbyChat: [],
  lobbyChatOpen: true,
  lobbyChatSlowSeconds: 0,
  lobbyChatSlowUntil: null,
  allowNewRegistrations: true,
  featureFlags: '',
  recheckAt: 0,
  points: { rounds: [], sortedTeams: [] },
  heal_deals: {},
  imgPrefix: '/api/uploads/',
  mode: 'team',
  painting: [],
};

/** The user view of the player Anna (id '1', team '3'). */
export const baseUser: UserView = {
  id: '1',
  name: 'Anna',
  login: 'anna',
  email: null,
  shownEmailPopupAt: 1,
  teamId: '3',
  currentAnswer: null,
  points: 3,
  drawing: null,
  perm: [],
};

/** Anna's team '3' with nothing proposed yet. */
export const baseTeam: TeamView = {
  id: '3',
  number: 3,
  name: 'Quizgeister',
  beschreibung: '',
  stadt: 'Köln',
  url: '',
  favorite: null,
  quizzled: null,
  proposals: {},
  members: { 1: { name: 'Anna', online: true, star: null } },
  memberCount: 1,
  takenAnswer: null,
  history: [],
  healDeal: { round: 1, calculated: false, heal: null, deal: null },
};
