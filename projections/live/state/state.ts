import type {
  DrawnStroke,
  HealDealKind,
  PlayMode,
  PointsTable,
  Question,
  QuestionType,
  Role,
  ShowSettings,
  Stroke,
  TeamOrigin,
  UberMode,
} from '../../../events';
import { PersistentMap, type Owner } from './persistent-map';
import { DEFAULT_SHOW_SETTINGS } from './default-show-settings';

/** The spec's global state codes: no question, question active, countdown, maintenance. */
export type GlobalStateCode = 'qn' | 'qa' | 'qc' | 'ma';
export type QuestionPhase = 'qn' | 'qa' | 'qc';
export type QuizzleStatus = 'init' | 'offered' | 'accepted';

export interface UserLive {
  readonly id: string;
  readonly login: string;
  readonly name: string;
  readonly email: string | null;
  readonly roles: readonly Role[];
  readonly teamId: string | null;
  readonly shownEmailPopupAt: number | null;
  /** Sum of the points of this user's single-player answers. */
  readonly points: number;
  /** The current single-player answer, valid while `seq` is the live question's sequence number. */
  readonly singleAnswer: { readonly seq: number; readonly message: string } | null;
  /** The saved drawing (zeichnen), valid while `seq` is the live question's sequence number. */
  readonly drawing: { readonly seq: number; readonly strokes: readonly DrawnStroke[] } | null;
  /** amu: lobby and team chat are refused while this lies ahead (epoch ms); null when not muted. */
  readonly mutedUntil: number | null;
  /** Login tokens carry the generation they were issued in; a password change, a block or a logout everywhere starts the next. */
  readonly tokenGeneration: number;
  /** abl: a blocked user can neither log in nor use a socket. */
  readonly blocked: boolean;
  /** The account was erased (UserErased): no login, no token, named `Gelöschtes Konto`. */
  readonly erased: boolean;
  /** The last thing a moderator changed of this user (mun), for the notice they see; null: nothing. */
  readonly moderated: ModeratedNotice | null;
  /** The user's single-player answers locked in this night (their points, once published, are the user view's `points`). */
  readonly nightAnswers: NightAnswers | null;
}

/** What a moderator changed (mtn, mun, mtl), by the id of the event that did it: the one seeing it is told once per id. */
export interface ModeratedNotice {
  readonly id: string;
  readonly kind: 'renamed' | 'logoCleared';
}

/** A team's or user's answers locked in during one night, by answer id (`answers`), in lock-in order. */
export interface NightAnswers {
  readonly nightId: string;
  readonly answerIds: readonly string[];
}

/** The night's answer ids with one more (a new night starts the list anew). */
export function withNightAnswer(held: NightAnswers | null, nightId: string, answerId: string): NightAnswers {
  return held && held.nightId === nightId
    ? { nightId, answerIds: [...held.answerIds, answerId] }
    : { nightId, answerIds: [answerId] };
}

export interface ProposalLive {
  readonly key: number;
  readonly userId: string;
  readonly message: string;
  readonly chat: boolean;
}

/**
 * The slot in which a record says which evolve or fold call copied it for editing and may still change it in
 * place (see evolve/writer.ts); null otherwise. A symbol, so JSON leaves it out.
 */
export const EDITED_BY = Symbol('edited by');

export interface Editable {
  readonly [EDITED_BY]: Owner | null;
}

/**
 * A team's proposals, favourite, quizzle offer and stars for one question. They belong to the
 * question with sequence number `seq`; a newer question makes them stale without touching any team
 * (see teamPlay), so starting a question costs the same for 10 teams as for 1,000.
 */
export interface TeamPlay extends Editable {
  readonly seq: number;
  readonly proposals: readonly ProposalLive[];
  readonly nextKey: number;
  readonly favourite: number | null;
  readonly quizzled: number | null;
  /** Which proposal each member starred (one star per member); a handful of entries per team. */
  readonly stars: readonly Star[];
}

export interface Star {
  readonly userId: string;
  readonly key: number;
}

export interface TakenAnswer {
  readonly seq: number;
  readonly message: string;
  readonly userId: string | null;
}

export interface TeamLive {
  readonly id: string;
  /** The short team number players type to join (never reused, see teamByReference). */
  readonly number: number;
  readonly name: string;
  readonly lowerName: string;
  readonly stadt: string;
  readonly beschreibung: string;
  readonly url: string;
  readonly isNew: boolean;
  readonly origin: TeamOrigin;
  /** In the order they joined: a member may take out (gr) only those who joined after them. */
  readonly memberIds: readonly string[];
  readonly takenAnswer: TakenAnswer | null;
  /** The last thing a moderator changed of this team (mtn, mtl), for the notice its members see; null: nothing. */
  readonly moderated: ModeratedNotice | null;
  /** Taken out (gr, mtr): they cannot rejoin by password or invite until the password changes or a moderator lifts it. */
  readonly barredIds: readonly string[];
  /** How often the team's password changed (gpw): an instance's remembered hash of an older one is stale. */
  readonly passwordChanges: number;
  /** The team's answers locked in this night: the team view's `history`. */
  readonly nightAnswers: NightAnswers | null;
}

export interface QuizLive {
  readonly id: string;
  readonly name: string;
  readonly yearWeek: string;
  readonly content: readonly Question[];
}

/** A locked-in answer with its rating (the spec's quiz-answer entity). */
export interface AnswerLive {
  readonly id: string;
  readonly nightId: string;
  readonly quizId: string;
  readonly round: number;
  readonly num: number;
  readonly teamId: string | null;
  readonly userId: string | null;
  readonly answer: string;
  readonly quizzer: string | null;
  readonly points: number;
  readonly checked: boolean;
  readonly liked: boolean;
  readonly tester: string | null;
}

export interface NightLive {
  readonly id: string;
  readonly quizId: string;
  readonly startedAt: number;
  readonly phase: QuestionPhase;
  /** currentRound / currentQuestion: the last started or reset position. */
  readonly round: number | null;
  readonly number: number | null;
  /** The open question, or the last one that ended (its answer becomes public then). */
  readonly question: Question | null;
  readonly mode: PlayMode;
  readonly questionsStarted: number;
  readonly countdown: { readonly seconds: number; readonly endsAt: number } | null;
  readonly quizzle: QuizzleStatus;
  readonly quizzleAnswer: { readonly teamId: string; readonly key: number; readonly answer: string } | null;
  /** The quizzle proposal the moderator rejected last, until the next offer or question (null: none). */
  readonly quizzleRejected: { readonly teamId: string; readonly key: number } | null;
  /** Sequence number of the question whose answers were locked in last. */
  readonly lockedInSeq: number | null;
  /** lagQType: the type of the question that ended last. */
  readonly lastEndedType: QuestionType | null;
  /** The questions whose answers were locked in this night, in that order (each once): the team view's `history`. */
  readonly ended: readonly { readonly round: number; readonly number: number }[];
  readonly timeLastChange: number;
}

export interface NightSummary {
  readonly id: string;
  readonly quizId: string;
  readonly startedAt: number;
  readonly endedAt: number | null;
}

export interface LobbyEntry {
  /** The id of the event that posted it: what mlh names to hide it. */
  readonly id: string;
  /** When it was posted (epoch ms, the event's recordedAt): the slow mode counts from it. */
  readonly postedAt: number;
  readonly userId: string;
  readonly user: string;
  readonly message: string;
  readonly highlight: boolean;
}

export interface HealDealSettings {
  readonly startHp: number;
  readonly healingPerRound: Readonly<Record<number, number>>;
  readonly damagePerRound: Readonly<Record<number, number>>;
  readonly damagePerRoundZombie: Readonly<Record<number, number>>;
}

export interface HealDealChoice {
  readonly kind: HealDealKind;
  readonly targetTeamId: string;
  readonly amount: number;
}

/** The key of a team's heal or deal choice of a round in `HealDealLive.choices`. */
export function healDealChoiceKey(round: number, teamId: string, kind: HealDealKind): string {
  return `${round}|${teamId}|${kind}`;
}

export interface PendingHealDeal {
  readonly healings: number;
  readonly damages: number;
}

export interface HealDealLive {
  readonly settings: HealDealSettings;
  /** teamId -> settled hit points; a team not in here has startHp. */
  readonly current: PersistentMap<number>;
  /** `${round}|${teamId}|${kind}` -> the team's choice. */
  readonly choices: PersistentMap<HealDealChoice>;
  /** `${round}|${teamId}` -> healings and damages the team receives in that round. */
  readonly pending: PersistentMap<PendingHealDeal>;
  readonly calculatedRounds: readonly number[];
}

export interface ShowLive {
  readonly overviewMessage: string;
  readonly featureFlags: string;
  readonly allowNewRegistrations: boolean;
  /** Maintenance is on while recheckAt > 0. */
  readonly recheckAt: number;
  readonly uberModus: UberMode;
  readonly uberMessage: string;
  readonly lobbyChat: readonly LobbyEntry[];
  /** Lobby chat entries a moderator hid (mlh), newest last, at most HIDDEN_LOBBY_CHAT_LIMIT: what mlh with `hidden: false` restores. */
  readonly hiddenLobbyChat: readonly LobbyEntry[];
  /** msl: players together post at most one lobby message every this many seconds (0: off). */
  readonly lobbySlowSeconds: number;
  /** mlc: whether players may post in the lobby chat. */
  readonly lobbyOpen: boolean;
  /** The last greetings not hidden, newest last, for the moderator's hide buttons (the wall reads the read model). */
  readonly recentGreetings: readonly GreetingEntry[];
  readonly painting: readonly Stroke[];
  readonly points: PointsTable | null;
  /**
   * What the published points cover (PointsPublished, null once unpublished): the quiz, and its rounds
   * through this one (the rounds ended when they were published). Ratings and points of these rounds
   * show in the team's history and a single player's points; later rounds stay hidden until published.
   */
  readonly pointsCover: { readonly quizId: string; readonly throughRound: number } | null;
  readonly imgPrefix: string;
}

export interface LiveState {
  /** Number of events folded. */
  readonly version: number;
  /** Counts questions started and resets; stale per-question data is recognised by it. */
  readonly questionSeq: number;
  readonly show: ShowLive;
  readonly users: PersistentMap<UserLive>;
  readonly userIdByLogin: PersistentMap<string>;
  readonly teams: PersistentMap<TeamLive>;
  /** teamId -> the team's proposals etc. of the live question (kept apart: they change on nearly every event). */
  readonly plays: PersistentMap<TeamPlay>;
  readonly teamIdByName: PersistentMap<string>;
  /** Short team number (as text) -> teamId, for the teams that exist. */
  readonly teamIdByNumber: PersistentMap<string>;
  /** The highest team number handed out so far (deleted teams' numbers stay taken). */
  readonly lastTeamNumber: number;
  readonly quizzes: PersistentMap<QuizLive>;
  readonly answers: PersistentMap<AnswerLive>;
  readonly invites: PersistentMap<string>;
  readonly loginLinks: PersistentMap<string>;
  /** userId -> the user's newest password reset link (PasswordResetLinkCreated); a new password ends it. */
  readonly passwordResetLinks: PersistentMap<string>;
  readonly nights: PersistentMap<NightSummary>;
  readonly night: NightLive | null;
  readonly healDeal: HealDealLive;
  /** testerId -> the quiz that tester is checking. */
  readonly checking: PersistentMap<string>;
  /** greetingId -> whether a moderator hid it (mgh needs to know the greeting exists). */
  readonly greetings: PersistentMap<GreetingLive>;
  readonly uploadCount: number;
  /** The admin's show settings (links, stream, dates); a reset of the live game keeps them. */
  readonly showSettings: ShowSettings;
  /** linkId -> the stream overlay's secret links, revoked ones too (their tokens are never here: src/auth/overlay-tokens.ts). */
  readonly overlayLinks: PersistentMap<OverlayLinkLive>;
  /** mph: stored upload names a moderator hid (fileName -> true); they vanish from every view and list for players. */
  readonly hiddenPictures: PersistentMap<true>;
}

/** A stream overlay link: who created it and when (epoch ms), and when it was revoked (null: it works). */
export interface OverlayLinkLive {
  readonly id: string;
  readonly createdBy: string | null;
  readonly createdAt: number;
  readonly revokedAt: number | null;
}

export interface GreetingLive {
  readonly hidden: boolean;
}

export interface GreetingEntry {
  readonly id: string;
  readonly name: string;
  readonly message: string;
}

/** Greetings the moderator view lists (older ones can still be hidden by id). */
export const RECENT_GREETINGS_LIMIT = 50;

/** Lobby chat entries kept in the live state (older ones stay in the log). */
export const LOBBY_CHAT_LIMIT = 100;
/** Hidden lobby chat entries kept for a restore (older ones stay hidden; their text stays in the log). */
export const HIDDEN_LOBBY_CHAT_LIMIT = 50;
export const DEFAULT_START_HP = 10;

/** The play of a team that has done nothing yet in the live question. */
export const EMPTY_PLAY: TeamPlay = {
  seq: -1,
  proposals: [],
  nextKey: 1,
  favourite: null,
  quizzled: null,
  stars: [],
  [EDITED_BY]: null,
};

export const initialShow: ShowLive = {
  overviewMessage: '',
  featureFlags: '',
  allowNewRegistrations: true,
  recheckAt: 0,
  uberModus: 'quiz',
  uberMessage: '',
  lobbyChat: [],
  hiddenLobbyChat: [],
  lobbySlowSeconds: 0,
  lobbyOpen: true,
  recentGreetings: [],
  painting: [],
  points: null,
  pointsCover: null,
  imgPrefix: '/api/uploads/',
};

export const initialHealDeal: HealDealLive = {
  settings: {
    startHp: DEFAULT_START_HP,
    healingPerRound: { 1: 1, 2: 2, 3: 3 },
    damagePerRound: { 1: 1, 2: 2, 3: 3 },
    damagePerRoundZombie: { 1: 2, 2: 3, 3: 4 },
  },
  current: PersistentMap.empty(),
  choices: PersistentMap.empty(),
  pending: PersistentMap.empty(),
  calculatedRounds: [],
};

export const initialState: LiveState = {
  version: 0,
  questionSeq: 0,
  show: initialShow,
  users: PersistentMap.empty(),
  userIdByLogin: PersistentMap.empty(),
  teams: PersistentMap.empty(),
  plays: PersistentMap.empty(),
  teamIdByName: PersistentMap.empty(),
  teamIdByNumber: PersistentMap.empty(),
  lastTeamNumber: 0,
  quizzes: PersistentMap.empty(),
  answers: PersistentMap.empty(),
  invites: PersistentMap.empty(),
  loginLinks: PersistentMap.empty(),
  passwordResetLinks: PersistentMap.empty(),
  nights: PersistentMap.empty(),
  night: null,
  healDeal: initialHealDeal,
  checking: PersistentMap.empty(),
  greetings: PersistentMap.empty(),
  uploadCount: 0,
  showSettings: DEFAULT_SHOW_SETTINGS,
  overlayLinks: PersistentMap.empty(),
  hiddenPictures: PersistentMap.empty(),
};

/*
 * Constructors for the records that change on nearly every event. They list every field in
 * declaration order (never a spread) so that all versions share one hidden class: the fold stays
 * fast and its cost does not depend on how many teams there are.
 *
 * A team's play, its proposals and its stars are made by classes, not object literals, on purpose
 * (as the map's nodes, see persistent-map.ts). V8 allocates the objects of a literal that mostly
 * survive a collection straight into the old generation (allocation-site pretenuring). At 1,000 teams
 * a question spans several batches, so most proposals outlive a scavenge and their literal was
 * pretenured: every proposal was born old, died old with its question and pointed at young strings.
 * That made adding a proposal about 30 times as costly as at 10 teams (docs/benchmarks.md).
 */

class Play implements TeamPlay {
  [EDITED_BY]: Owner | null = null;
  constructor(
    readonly seq: number,
    readonly proposals: readonly ProposalLive[],
    readonly nextKey: number,
    readonly favourite: number | null,
    readonly quizzled: number | null,
    readonly stars: readonly Star[],
  ) {}
}

class Proposal implements ProposalLive {
  constructor(
    readonly key: number,
    readonly userId: string,
    readonly message: string,
    readonly chat: boolean,
  ) {}
}

class MemberStar implements Star {
  constructor(
    readonly userId: string,
    readonly key: number,
  ) {}
}

export function freshPlay(seq: number): TeamPlay {
  return teamPlayOf(seq, EMPTY_PLAY.proposals, 1, null, null, EMPTY_PLAY.stars);
}

export function teamPlayOf(
  seq: number,
  proposals: readonly ProposalLive[],
  nextKey: number,
  favourite: number | null,
  quizzled: number | null,
  stars: readonly Star[],
): TeamPlay {
  return new Play(seq, proposals, nextKey, favourite, quizzled, stars);
}

export function proposalRecord(key: number, userId: string, message: string, chat: boolean): ProposalLive {
  return new Proposal(key, userId, message, chat);
}

export function starRecord(userId: string, key: number): Star {
  return new MemberStar(userId, key);
}

/** The fields a rating sets on an answer. */
export interface RatedFields {
  readonly points: number;
  readonly checked: boolean;
  readonly liked: boolean;
  readonly tester: string | null;
}

export function answerRated(a: AnswerLive, rated: RatedFields): AnswerLive {
  return {
    id: a.id,
    nightId: a.nightId,
    quizId: a.quizId,
    round: a.round,
    num: a.num,
    teamId: a.teamId,
    userId: a.userId,
    answer: a.answer,
    quizzer: a.quizzer,
    points: rated.points,
    checked: rated.checked,
    liked: rated.liked,
    tester: rated.tester,
  };
}
