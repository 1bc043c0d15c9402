/**
 * Moderators' hands on content (PROTOCOL.md wave 5): rename a team (mtn) or a user's display name
 * (mun), clear a team's logo and link (mtl), hide an uploaded picture or show it again (mph), and show
 * a hidden lobby chat line again (mlh with `hidden: false`, see moderation.ts). Each is an event naming
 * who did it; the team or user sees a German notice (projections/live/rules/moderated.ts).
 */
import { streams } from '../../events';
import { ERASED_NAME } from '../../events/personal-data';
import {
  MAX_NAME_LENGTH,
  MIN_DISPLAY_NAME_LENGTH,
  isFusionTeam,
  uniqueNameKey,
  uploadOwnerOf,
  type LiveState,
} from '../../projections/live';
import { accept, draft, reject, type DecisionContext, type Verdict } from './decision';
import { OPERATOR, SHOW, TEAMS, trimmed, type Entries } from './entry';
import { textOf } from './fields';
import { texts } from './texts';
import { actorId } from './guards';

export interface RenameTeam {
  type: 'RenameTeam';
  teamId: string;
  name: string;
}
export interface RenameUser {
  type: 'RenameUser';
  userId: string;
  name: string;
}
export interface ClearTeamLogo {
  type: 'ClearTeamLogo';
  teamId: string;
}
/** `hidden` false shows the picture again. */
export interface HidePicture {
  type: 'HidePicture';
  fileName: string;
  hidden: boolean;
}
/** The commands of this file, as their rules receive them: contentModerationEntries holds one entry for each. */
export type ContentModerationCommand = RenameTeam | RenameUser | ClearTeamLogo | HidePicture;

/** The refusals of these commands (ENGINE: no text in the spec, docs/decisions/engine.md). */
export const CONTENT_MODERATION_TEXTS = {
  teamNameMissing: 'Bitte einen Teamnamen angeben.',
  teamNameTooLong: `Ein Teamname darf höchstens ${MAX_NAME_LENGTH} Zeichen lang sein.`,
  teamNameTaken: 'Diesen Teamnamen hat schon ein anderes Team.',
  fusionNameReserved: 'Namen, die mit „Fusionsteam“ beginnen, sind den Fusionsteams vorbehalten.',
  displayNameLength: `Ein Anzeigename muss ${MIN_DISPLAY_NAME_LENGTH} bis ${MAX_NAME_LENGTH} Zeichen lang sein.`,
  erasedNameReserved: `„${ERASED_NAME}“ kann niemand heißen: So heißen gelöschte Konten.`,
  operatorsRenamedByAdminsOnly: 'Admins, Moderatoren und Kontrolleure kann nur ein Admin umbenennen.',
  notAPicture: 'Das ist kein hochgeladenes Bild.',
  hiddenLineNotFound: 'Diese ausgeblendete Nachricht gibt es nicht (mehr).',
} as const;

const T = CONTENT_MODERATION_TEXTS;

/** mlh with `hidden: false`: a line still shown changes nothing; one hidden too long ago (no longer kept) is not found. */
export function restoreLobbyChatMessage(state: LiveState, messageId: string, ctx: DecisionContext): Verdict {
  if (state.show.lobbyChat.some((entry) => entry.id === messageId)) return accept(streams.show);
  if (!state.show.hiddenLobbyChat.some((entry) => entry.id === messageId))
    return reject(T.hiddenLineNotFound, 'not_found');
  return accept(streams.show, draft('LobbyChatMessageRestored', { messageId, by: actorId(ctx) }));
}

/** mtn: the rules of team names hold (not empty, at most 50 characters, unique regardless of case, no fusion name for a team that is none). */
export function renameTeam(state: LiveState, { teamId, name }: RenameTeam, ctx: DecisionContext): Verdict {
  const team = state.teams.get(teamId);
  if (!team) return reject(texts.notFound(teamId), 'not_found');
  if (name === '') return reject(T.teamNameMissing);
  if (name.length > MAX_NAME_LENGTH) return reject(T.teamNameTooLong);
  if (name === team.name) return accept(streams.team(teamId));
  const holder = state.teamIdByName.get(uniqueNameKey(name));
  if (holder !== undefined && holder !== teamId) return reject(T.teamNameTaken, 'conflict');
  if (isFusionTeam(name) !== isFusionTeam(team.name)) return reject(T.fusionNameReserved);
  return accept(streams.team(teamId), draft('TeamRenamed', { teamId, name, by: actorId(ctx) }));
}

/** mun: the rules of display names hold (3 to 50 characters, never the erased accounts' name); an operator's name is an admin's to change. */
export function renameUser(state: LiveState, { userId, name }: RenameUser, ctx: DecisionContext): Verdict {
  const user = state.users.get(userId);
  if (!user || user.erased) return reject(texts.notFound(userId), 'not_found');
  if (name.length < MIN_DISPLAY_NAME_LENGTH || name.length > MAX_NAME_LENGTH) return reject(T.displayNameLength);
  if (uniqueNameKey(name) === uniqueNameKey(ERASED_NAME)) return reject(T.erasedNameReserved);
  if (user.roles.length > 0 && !ctx.actor.roles.includes('admin'))
    return reject(T.operatorsRenamedByAdminsOnly, 'forbidden');
  if (name === user.name) return accept(streams.user(userId));
  return accept(streams.user(userId), draft('UserRenamed', { userId, name, by: actorId(ctx) }));
}

/** mtl: a team without a logo or link changes nothing. */
export function clearTeamLogo(state: LiveState, { teamId }: ClearTeamLogo, ctx: DecisionContext): Verdict {
  const team = state.teams.get(teamId);
  if (!team) return reject(texts.notFound(teamId), 'not_found');
  if (team.url === '') return accept(streams.team(teamId));
  return accept(streams.team(teamId), draft('TeamLogoCleared', { teamId, by: actorId(ctx) }));
}

/** mph: a stored upload's name (kind/owner/uuid.ext); hiding a hidden picture (or showing a shown one) changes nothing. */
export function hidePicture(state: LiveState, { fileName, hidden }: HidePicture, ctx: DecisionContext): Verdict {
  if (uploadOwnerOf(fileName) === null) return reject(T.notAPicture, 'not_found');
  if (state.hiddenPictures.has(fileName) === hidden) return accept(streams.show);
  return accept(streams.show, draft('PictureHidden', { fileName, hidden, by: actorId(ctx) }));
}

export const contentModerationEntries = {
  RenameTeam: {
    wire: 'mtn',
    content: { teamId: 'string', name: 'string' },
    access: OPERATOR,
    parse: (c) => ({ type: 'RenameTeam', teamId: textOf(c.teamId), name: trimmed(c.name) }),
    // Names are unique over every team: every team stream.
    boundary: () => [TEAMS],
    rule: renameTeam,
  },
  RenameUser: {
    wire: 'mun',
    content: { userId: 'string', name: 'string' },
    access: OPERATOR,
    parse: (c) => ({ type: 'RenameUser', userId: textOf(c.userId), name: trimmed(c.name) }),
    boundary: (cmd) => [streams.user(cmd.userId)],
    rule: renameUser,
  },
  ClearTeamLogo: {
    wire: 'mtl',
    content: { teamId: 'string' },
    access: OPERATOR,
    parse: (c) => ({ type: 'ClearTeamLogo', teamId: textOf(c.teamId) }),
    boundary: (cmd) => [streams.team(cmd.teamId)],
    rule: clearTeamLogo,
  },
  HidePicture: {
    wire: 'mph',
    content: { fileName: 'string', hidden: 'boolean' },
    access: OPERATOR,
    parse: (c) => ({ type: 'HidePicture', fileName: textOf(c.fileName), hidden: c.hidden !== false }),
    boundary: () => [SHOW],
    rule: hidePicture,
  },
} satisfies Entries<ContentModerationCommand>;
