/**
 * The audit of a night, computed from its events: per locked-in answer the proposal it came from
 * and why it was taken (both as AnswersLockedIn recorded them), the stars, the favourite choice,
 * the lock-in against the countdown, every rating and the points. It folds the same `evolve`
 * alongside, so the resulting points are the engine's own.
 */
import type { LockedAnswer, Question, QuestionEndReason, QuizShowEvent, RegexMark } from '../../../events';
import { evolve, initialState, playOfTeam, questionValue, type LiveState } from '@live';

export interface Stamp {
  readonly userId: string | null;
  readonly at: number;
}

export type RatingKind = 'rated' | 'bulk' | 'ship';

export interface RatingEntry {
  readonly answerId: string;
  readonly kind: RatingKind;
  /** The tester (rated) or the acting user (bulk, ship). */
  readonly testerId: string | null;
  readonly at: number;
  /** The answer's points after this rating. */
  readonly points: number;
  readonly change: number | null;
  readonly checked: boolean;
  readonly liked: boolean;
  readonly regex: string | null;
  readonly mark: RegexMark | null;
  readonly hits: number | null;
  readonly survived: boolean | null;
  /** Index of the event in the log (position - 1). */
  readonly eventIndex: number;
}

export interface CountdownInfo {
  readonly seconds: number;
  readonly startedAt: number;
  readonly endsAt: number;
}

export interface AnswerAudit {
  readonly answerId: string;
  readonly quizId: string;
  readonly round: number;
  readonly number: number;
  readonly question: Question | null;
  readonly maxPoints: number | null;
  readonly teamId: string | null;
  readonly userId: string | null;
  readonly answer: string;
  readonly author: string | null;
  /** The proposal that became the answer (team mode), with its author and time; null where none was recorded. */
  readonly proposal: (Stamp & { readonly key: number }) | null;
  /** Why it was taken, as recorded; `unknown` for lock-ins recorded before the reason was. */
  readonly basis: LockedAnswer['basis'];
  /** Members whose star was on that proposal at lock-in, with the time they gave it. */
  readonly stars: readonly Stamp[];
  /** The choice that made it the favourite (the last one), or null when it was not taken as the favourite. */
  readonly favourite: Stamp | null;
  readonly lockedAt: number;
  readonly countdown: CountdownInfo | null;
  /** lockedAt - countdown end; negative when the question was stopped before the countdown ran out. */
  readonly lockInVsCountdownMs: number | null;
  readonly endReason: QuestionEndReason | null;
  readonly ratings: readonly RatingEntry[];
  readonly points: number;
  readonly checked: boolean;
  readonly liked: boolean;
  readonly eventIndex: number;
}

export interface Audit {
  /** In lock-in order. */
  readonly answers: readonly AnswerAudit[];
  /** Every rating, in log order. */
  readonly ratings: readonly RatingEntry[];
  /** The state after the audited events (names, points). */
  readonly state: LiveState;
}

interface TrackedProposal extends Stamp {
  readonly key: number;
  readonly message: string;
  readonly chat: boolean;
}

interface TeamTrack {
  proposals: Map<number, TrackedProposal>;
  /** userId -> the last star toggle. */
  stars: Map<string, Stamp & { readonly key: number | null }>;
  favourites: (Stamp & { readonly key: number })[];
}

interface QuestionTrack {
  question: Question | null;
  countdown: CountdownInfo | null;
  endReason: QuestionEndReason | null;
  teams: Map<string, TeamTrack>;
}

const freshQuestion = (question: Question | null): QuestionTrack => ({
  question,
  countdown: null,
  endReason: null,
  teams: new Map(),
});

function teamTrack(q: QuestionTrack, teamId: string): TeamTrack {
  let track = q.teams.get(teamId);
  if (!track) {
    track = { proposals: new Map(), stars: new Map(), favourites: [] };
    q.teams.set(teamId, track);
  }
  return track;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function lockInAudit(
  state: LiveState,
  q: QuestionTrack,
  event: Extract<QuizShowEvent, { type: 'AnswersLockedIn' }>,
  index: number,
): Mutable<AnswerAudit>[] {
  const at = event.metadata.recordedAt;
  const question = q.question;
  return event.data.answers.map((a) => {
    let proposal: AnswerAudit['proposal'] = null;
    let stars: Stamp[] = [];
    let favourite: Stamp | null = null;
    const key = a.proposalKey;
    if (a.teamId !== null && key !== null) {
      const track = q.teams.get(a.teamId);
      const tracked = track?.proposals.get(key);
      proposal = { key, userId: tracked?.userId ?? a.author, at: tracked?.at ?? at };
      stars = playOfTeam(state, a.teamId)
        .stars.filter((s) => s.key === key)
        .map((s) => ({ userId: s.userId, at: track?.stars.get(s.userId)?.at ?? at }))
        .sort((x, y) => x.at - y.at);
      if (a.basis === 'favourite') {
        const last = [...(track?.favourites ?? [])].reverse().find((f) => f.key === key);
        favourite = last ? { userId: last.userId, at: last.at } : null;
      }
    }
    const countdown = q.countdown;
    return {
      answerId: a.answerId,
      quizId: event.data.quizId,
      round: event.data.round,
      number: event.data.number,
      question,
      maxPoints: question ? questionValue(question) : null,
      teamId: a.teamId,
      userId: a.userId,
      answer: a.answer,
      author: a.author,
      proposal,
      basis: a.basis,
      stars,
      favourite,
      lockedAt: at,
      countdown,
      lockInVsCountdownMs: countdown ? at - countdown.endsAt : null,
      endReason: q.endReason,
      ratings: [],
      points: 0,
      checked: false,
      liked: false,
      eventIndex: index,
    };
  });
}

/** The audit of the first `count` events. */
export function buildAudit(events: readonly QuizShowEvent[], count = events.length): Audit {
  let state = initialState;
  let q = freshQuestion(null);
  const answers = new Map<string, Mutable<AnswerAudit>>();
  const ratings: RatingEntry[] = [];
  const n = Math.max(0, Math.min(count, events.length));

  const rating = (
    answerId: string,
    after: LiveState,
    entry: Omit<RatingEntry, 'answerId' | 'points' | 'checked' | 'liked'>,
  ) => {
    const live = after.answers.get(answerId);
    const audited = answers.get(answerId);
    if (!live) return;
    const full: RatingEntry = { ...entry, answerId, points: live.points, checked: live.checked, liked: live.liked };
    ratings.push(full);
    if (audited) audited.ratings = [...audited.ratings, full];
  };

  for (let i = 0; i < n; i++) {
    const event = events[i];
    const at = event.metadata.recordedAt;
    switch (event.type) {
      case 'QuestionStarted':
        q = freshQuestion(event.data.question);
        break;
      case 'LiveGameReset':
      case 'LiveStateReset':
        q = freshQuestion(null);
        break;
      case 'CountdownStarted':
        q.countdown = { seconds: event.data.seconds, startedAt: at, endsAt: event.data.endsAt };
        break;
      case 'QuestionEnded':
        q.endReason = event.data.reason;
        break;
      case 'ProposalAdded': {
        const { teamId, key, userId, message, chat } = event.data;
        teamTrack(q, teamId).proposals.set(key, { key, userId, message, chat, at });
        break;
      }
      case 'StarToggled':
        teamTrack(q, event.data.teamId).stars.set(event.data.userId, {
          userId: event.data.userId,
          key: event.data.key,
          at,
        });
        break;
      case 'FavoriteChosen':
        teamTrack(q, event.data.teamId).favourites.push({ userId: event.data.userId, key: event.data.key, at });
        break;
      case 'AnswersLockedIn':
        for (const a of lockInAudit(state, q, event, i)) answers.set(a.answerId, a);
        break;
      default:
        break;
    }
    const after = evolve(state, event);
    switch (event.type) {
      case 'AnswerRated':
        rating(event.data.answerId, after, {
          kind: 'rated',
          testerId: event.data.testerId,
          at,
          change: event.data.change,
          regex: null,
          mark: null,
          hits: null,
          survived: null,
          eventIndex: i,
        });
        break;
      case 'AnswersBulkRated':
        for (const id of event.data.answerIds) {
          rating(id, after, {
            kind: 'bulk',
            testerId: event.metadata.actor.userId,
            at,
            change: null,
            regex: event.data.regex,
            mark: event.data.mark,
            hits: null,
            survived: null,
            eventIndex: i,
          });
        }
        break;
      case 'ShipQuestionCorrected':
        for (const r of event.data.results) {
          rating(r.answerId, after, {
            kind: 'ship',
            testerId: event.metadata.actor.userId,
            at,
            change: null,
            regex: null,
            mark: null,
            hits: r.hits,
            survived: r.survived,
            eventIndex: i,
          });
        }
        break;
      default:
        break;
    }
    state = after;
  }

  for (const audited of answers.values()) {
    const live = state.answers.get(audited.answerId);
    if (!live) continue;
    audited.points = live.points;
    audited.checked = live.checked;
    audited.liked = live.liked;
  }
  return { answers: [...answers.values()], ratings, state };
}

export interface RoundAudit {
  readonly round: number;
  readonly points: number;
  readonly answers: readonly AnswerAudit[];
}

/** A team's answers by round (question order), with the round's points. */
export function teamAudit(audit: Audit, teamId: string): RoundAudit[] {
  const rounds = new Map<number, AnswerAudit[]>();
  for (const a of audit.answers) {
    if (a.teamId !== teamId) continue;
    const list = rounds.get(a.round) ?? [];
    list.push(a);
    rounds.set(a.round, list);
  }
  return [...rounds.entries()]
    .sort(([x], [y]) => x - y)
    .map(([round, answers]) => ({
      round,
      points: answers.reduce((sum, a) => sum + a.points, 0),
      answers: [...answers].sort((x, y) => x.number - y.number || x.lockedAt - y.lockedAt),
    }));
}

/** Every rating a tester gave (bulk and ship corrections count for the user who ran them). */
export function testerRatings(audit: Audit, testerId: string): RatingEntry[] {
  return audit.ratings.filter((r) => r.testerId === testerId);
}

/** Users who rated anything, in order of first rating. */
export function testersOf(audit: Audit): string[] {
  const seen = new Set<string>();
  for (const r of audit.ratings) if (r.testerId !== null) seen.add(r.testerId);
  return [...seen];
}

export function answerById(audit: Audit, answerId: string): AnswerAudit | undefined {
  return audit.answers.find((a) => a.answerId === answerId);
}
