/**
 * One's own data (DSGVO Art. 15 and 20; PROTOCOL.md wave 5): everything the show holds about the
 * caller, as one JSON document, read from the log (what they did, when) and the live state (who they
 * are now, their answers' ratings and points). Nothing personal of anyone else: no teammate's name or
 * message, no id of the admin or moderator who acted on them (docs/decisions/password-reset.md).
 */
import type { QuizShowEvent } from '../../events';
import { decodeEvent, isProductEventType } from '../../events/codec';
import type { LiveState } from '../../projections/live';
import { present } from '../../projections/live/state/present';
import type { EventStore } from '../store/event-store';

/** Events read per page: the log is read once per export, never whole into memory. */
const PAGE = 2_000;

type At = { at: string };

export interface OwnData {
  exportedAt: string;
  account: {
    id: string;
    login: string;
    name: string;
    email: string | null;
    roles: string[];
    blocked: boolean;
    registeredAt: string | null;
  };
  /** The names and addresses the account had, in order (a change each). */
  profileChanges: Array<At & ({ name: string } | { email: string | null })>;
  roleChanges: Array<At & { roles: string[] }>;
  /** Teams the user founded or joined, by name (a team's name is the team's, not a person's). */
  teamMemberships: Array<At & { teamId: string; team: string; via: string }>;
  currentTeam: { teamId: string; name: string } | null;
  proposals: Array<At & { teamId: string; message: string }>;
  teamChat: Array<At & { teamId: string; message: string }>;
  lobbyChat: Array<At & { message: string; highlighted: boolean }>;
  singleAnswers: Array<At & { message: string }>;
  stars: Array<At & { teamId: string; proposal: number | null }>;
  favourites: Array<At & { teamId: string; proposal: number }>;
  /** Answers that are the user's (single-player) or taken from the user's proposal, with their rating and points. */
  answers: Array<{
    quiz: string;
    round: number;
    number: number;
    answer: string;
    checked: boolean;
    liked: boolean;
    points: number;
  }>;
  /** Points of the user's single-player answers. */
  points: number;
  uploads: Array<At & { kind: string; fileNames: string[]; label: string | null }>;
  drawings: Array<At & { round: number; number: number; strokes: number }>;
  /** What moderators and admins did to the account (without naming them). */
  moderation: Array<At & { action: string; detail?: string | number | boolean | null }>;
  passwordResetLinks: Array<At & { byAdmin: boolean }>;
}

/** Gathers the caller's part of each event, in log order. */
export class OwnDataCollector {
  private readonly data: Omit<OwnData, 'exportedAt' | 'account' | 'currentTeam' | 'answers' | 'points'> = {
    profileChanges: [],
    roleChanges: [],
    teamMemberships: [],
    proposals: [],
    teamChat: [],
    lobbyChat: [],
    singleAnswers: [],
    stars: [],
    favourites: [],
    uploads: [],
    drawings: [],
    moderation: [],
    passwordResetLinks: [],
  };
  private registeredAt: string | null = null;
  /** The team names the log gave, for the memberships (teams renamed or deleted keep the name they had). */
  private readonly teamNames = new Map<string, string>();

  constructor(private readonly userId: string) {}

  add(event: QuizShowEvent): void {
    const at = new Date(event.metadata.recordedAt).toISOString();
    const me = this.userId;
    const d = this.data;
    switch (event.type) {
      case 'UserRegistered':
        if (event.data.userId === me) this.registeredAt = at;
        return;
      case 'UserProfileUpdated':
        if (event.data.userId === me) d.profileChanges.push({ at, name: event.data.name });
        return;
      case 'UserEmailChanged':
        if (event.data.userId === me) d.profileChanges.push({ at, email: event.data.email });
        return;
      case 'UserRolesChanged':
        if (event.data.userId === me) d.roleChanges.push({ at, roles: [...event.data.roles] });
        return;
      case 'TeamCreated':
        this.teamNames.set(event.data.teamId, event.data.name);
        return;
      case 'TeamJoined':
        if (event.data.userId === me)
          d.teamMemberships.push({
            at,
            teamId: event.data.teamId,
            team: this.teamNames.get(event.data.teamId) ?? '',
            via: event.data.via,
          });
        return;
      case 'ProposalAdded':
        if (event.data.userId === me)
          (event.data.chat ? d.teamChat : d.proposals).push({
            at,
            teamId: event.data.teamId,
            message: event.data.message,
          });
        return;
      case 'LobbyChatMessagePosted':
        if (event.data.userId === me)
          d.lobbyChat.push({ at, message: event.data.message, highlighted: event.data.highlight });
        return;
      case 'SingleAnswerSubmitted':
        if (event.data.userId === me) d.singleAnswers.push({ at, message: event.data.message });
        return;
      case 'StarToggled':
        if (event.data.userId === me) d.stars.push({ at, teamId: event.data.teamId, proposal: event.data.key });
        return;
      case 'FavoriteChosen':
        if (event.data.userId === me) d.favourites.push({ at, teamId: event.data.teamId, proposal: event.data.key });
        return;
      case 'UploadRecorded':
        if (event.data.userId === me)
          d.uploads.push({ at, kind: event.data.kind, fileNames: [...event.data.fileNames], label: event.data.label });
        return;
      case 'DrawingSaved':
        if (event.data.userId === me)
          d.drawings.push({
            at,
            round: event.data.round,
            number: event.data.number,
            strokes: event.data.strokes.length,
          });
        return;
      case 'UserMuted':
        if (event.data.userId === me) d.moderation.push({ at, action: 'muted', detail: event.data.minutes });
        return;
      case 'UserBlocked':
        if (event.data.userId === me) d.moderation.push({ at, action: 'blocked', detail: event.data.blocked });
        return;
      case 'TeamMemberRemoved':
        if (event.data.userId === me) d.moderation.push({ at, action: 'removedFromTeam', detail: event.data.teamId });
        return;
      case 'PasswordResetLinkCreated':
        if (event.data.userId === me) d.passwordResetLinks.push({ at, byAdmin: event.data.by !== null });
        return;
      default:
        return;
    }
  }

  /** The document, with who the user is now and their answers from the live state. */
  result(state: LiveState, now: number): OwnData {
    const user = present(state.users.get(this.userId), `the user ${this.userId} asking for their data`);
    const team = user.teamId ? state.teams.get(user.teamId) : undefined;
    const answers: OwnData['answers'] = [];
    state.answers.forEach((answer) => {
      if (answer.userId !== user.id && answer.quizzer !== user.id) return;
      answers.push({
        quiz: state.quizzes.get(answer.quizId)?.name ?? answer.quizId,
        round: answer.round,
        number: answer.num,
        answer: answer.answer,
        checked: answer.checked,
        liked: answer.liked,
        points: answer.points,
      });
    });
    return {
      exportedAt: new Date(now).toISOString(),
      account: {
        id: user.id,
        login: user.login,
        name: user.name,
        email: user.email,
        roles: [...user.roles],
        blocked: user.blocked,
        registeredAt: this.registeredAt,
      },
      currentTeam: team ? { teamId: team.id, name: team.name } : null,
      answers,
      points: user.points,
      ...this.data,
    };
  }
}

/** Reads the log page by page up to the live state's position and gathers the user's part. */
export async function exportOwnData(
  events: EventStore,
  state: LiveState,
  position: number,
  userId: string,
  now: number = Date.now(),
): Promise<OwnData> {
  const collector = new OwnDataCollector(userId);
  let after = 0;
  while (after < position) {
    const page = await events.readAll({ after, limit: PAGE });
    const last = page.at(-1);
    if (last === undefined) break;
    for (const stored of page) {
      if (stored.position > position) break;
      if (isProductEventType(stored.type)) collector.add(decodeEvent(stored));
    }
    after = last.position;
  }
  return collector.result(state, now);
}
