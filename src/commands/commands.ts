/**
 * Every command of the engine, typed as its rule receives it: the command table's parser made it from
 * the wire content (a realtime message of PROTOCOL.md's catalogue or an HTTP body) at the edge.
 * Commands carry no secrets: the edge resolves passwords and tokens and hands on only its verdict
 * (`passwordOk`, `inviteId`, whether a password was given).
 */
import type { DrawnStroke, HealDealKind, HealDealSetting, Question, RegexMark, Role, ShowSettings, UberMode, UploadKind } from '../../events';
import type { QuestionInput } from '../../projections/live';

/** Wire content as it arrived, with the command's type: what the table's parsers read. */
export type CommandInput = { readonly type: CommandType } & Readonly<Record<string, unknown>>;

/** A question of a quiz as a moderator or admin names it (round and number null: not a number). */
export interface QuestionRef { quizId: string; round: number | null; number: number | null }

// identity (HTTP)
export interface RegisterUser { type: 'RegisterUser'; login: string; hasPassword: boolean; passwordRepeated: boolean; email: string | null }
/** `currentPasswordOk`: the edge's verdict on the current password (a new password needs it). */
export interface UpdateProfile { type: 'UpdateProfile'; userId: string; name: string; changesPassword: boolean; newPasswordLength: number; currentPasswordOk: boolean }
export interface MarkEmailPopupSeen { type: 'MarkEmailPopupSeen'; userId: string }
/** ali: admin creates a one-time login link for a user. */
export interface CreateLoginLink { type: 'CreateLoginLink'; userId: string }
/**
 * PUT /api/users/:id/roles (admin) or `npm run user -- roles` (the server's console): the user's roles
 * become `roles` (no duplicates, in ROLES order). `consoleAccount`: the OS account that ran the console
 * command, recorded when no user acts.
 */
export interface SetUserRoles { type: 'SetUserRoles'; userId: string; roles: Role[]; consoleAccount: string }
/** abl: an admin blocks or unblocks a user. */
export interface BlockUser { type: 'BlockUser'; userId: string; blocked: boolean }
/** POST /api/token-logout-all: the user ends every token they hold. */
export interface RevokeTokens { type: 'RevokeTokens'; userId: string }
/** PATCH /api/users/:id with newPassword by an admin, for another user (the hash is set by the edge). */
/** `changesProfile`: the request also asked to change the name or the e-mail popup's mark (an admin sets only the password). */
export interface ResetPassword { type: 'ResetPassword'; userId: string; passwordLength: number; changesProfile: boolean }
/** DELETE /api/users/me (the user, after the edge checked the current password) or /api/users/:id (an admin). */
export interface EraseUser { type: 'EraseUser'; userId: string }

// teams
export interface CreateTeam { type: 'CreateTeam'; name: string; stadt: string; beschreibung: string; url: string }
/** fqps/team/new: QR sign-up by a visitor. `moderatorOnline`: the edge's verdict from live connections. */
export interface CreateQrTeam { type: 'CreateQrTeam'; name: string; expectedMembers: number | null; moderatorOnline: boolean }
/**
 * gj: `team` is the team's id or its short number as sent (see teamByReference); `passwordOk` is the
 * edge's verdict on the password against the write side's hash of that team.
 */
export interface JoinTeam { type: 'JoinTeam'; team: string; passwordOk: boolean; fusionPassword: boolean }
/** gi: the edge resolved the token to its invite id (null: unknown token). */
export interface JoinTeamByInvite { type: 'JoinTeamByInvite'; inviteId: string | null }
/** gl: a member creates an invite for the own team. */
export interface CreateTeamInvite { type: 'CreateTeamInvite' }
/** ati: admin creates an invite for any team. */
export interface CreateTeamInviteAsAdmin { type: 'CreateTeamInviteAsAdmin'; teamId: string }
/** gu */
export interface EditTeam { type: 'EditTeam'; url: string; stadt: string; beschreibung: string }
/** DELETE /api/teams/:id (the admin's "Alle Teams löschen" deletes one by one). */
export interface DeleteTeam { type: 'DeleteTeam'; teamId: string }

// quizzes (HTTP)
export type { QuestionInput };
/** Quiz content as read at the edge: the normalized questions, or what is wrong with them. */
export type ContentResult = { ok: true; content: Question[] } | { ok: false; message: string };
export interface CreateQuiz { type: 'CreateQuiz'; name: string; yearWeek: string; content: ContentResult }
/** The TOML file parsed by the server: its rounds of numbered questions, read into content at the edge. */
export interface ImportQuiz { type: 'ImportQuiz'; name: string; yearWeek: string; content: ContentResult }
/** Fields left out keep the quiz's values. */
export interface EditQuiz { type: 'EditQuiz'; quizId: string; name: string | null; yearWeek: string | null; content: ContentResult | null }
/** aas */
export interface AddTieBreakQuestion extends QuestionRef { type: 'AddTieBreakQuestion'; title: string; text: string }

// night: game flow (moderator)
export interface StartQuestion extends QuestionRef { type: 'StartQuestion' }
/** The control panel's next-question button. */
export interface StartNextQuestion { type: 'StartNextQuestion' }
export interface HardReset extends QuestionRef { type: 'HardReset' }
/** `seconds` null: the default countdown. */
export interface StartCountdown { type: 'StartCountdown'; seconds: number | null }
/** Sent by the server's scheduler when a countdown's end instant has passed. */
export interface ExpireCountdown { type: 'ExpireCountdown' }
export interface EndQuestion { type: 'EndQuestion' }
export interface ShowInstructions { type: 'ShowInstructions' }
export interface AcceptQuizzle { type: 'AcceptQuizzle' }
export interface RejectQuizzle { type: 'RejectQuizzle' }

// proposals and chat; `key` is the proposal's number in its team (null: not a number)
export interface AddProposal { type: 'AddProposal'; message: string }
export interface AddTeamChat { type: 'AddTeamChat'; message: string }
export interface DeleteProposal { type: 'DeleteProposal'; key: number | null }
export interface ChooseFavourite { type: 'ChooseFavourite'; key: number | null }
export interface ToggleStar { type: 'ToggleStar'; key: number | null }
export interface OfferQuizzle { type: 'OfferQuizzle'; key: number | null }
export interface SubmitSingleAnswer { type: 'SubmitSingleAnswer'; message: string }
export interface PostLobbyChat { type: 'PostLobbyChat'; message: string }
/** gz: the player's drawing of the open zeichnen question, strokes in the stored space (720x360). */
export interface SaveDrawing { type: 'SaveDrawing'; strokes: DrawnStroke[] }

// heal and deal
export interface ChooseHealDeal { type: 'ChooseHealDeal'; kind: HealDealKind; targetTeamId: string }
export interface CalculateHealDeal { type: 'CalculateHealDeal' }

// rating
export interface RateAnswer { answerId: string; checked: boolean; liked: boolean }
export interface RateAnswerRelative extends RateAnswer { type: 'RateAnswerRelative'; change: number | null }
export interface RateAnswerAbsolute extends RateAnswer { type: 'RateAnswerAbsolute'; value: number }
export interface StartChecking { type: 'StartChecking'; quizId: string }
export interface RegexBulkRate extends QuestionRef { type: 'RegexBulkRate'; regex: string; points: number; mark: RegexMark }

// ship
export interface CorrectShipQuestion extends QuestionRef { type: 'CorrectShipQuestion' }

// show (admin, moderator display)
export interface SetOverviewMessage { type: 'SetOverviewMessage'; message: string }
export interface SetFeatureFlags { type: 'SetFeatureFlags'; flags: string }
export interface SetReconnectAt { type: 'SetReconnectAt'; recheckAt: number }
export interface ResetLiveState { type: 'ResetLiveState' }
export type StateSetting =
  | { kind: 'registrations'; allow: boolean }
  | { kind: 'healDeal'; setting: HealDealSetting; round: number | null; value: number };
export interface UpdateStateSetting { type: 'UpdateStateSetting'; setting: StateSetting }
export interface ChangeUberMode { type: 'ChangeUberMode'; modus: UberMode }
export interface SetUberMessage { type: 'SetUberMessage'; message: string }
export interface DrawStroke { type: 'DrawStroke'; url: string; color: string; startX: number; startY: number; endX: number; endY: number }
export interface ClearPainting { type: 'ClearPainting' }
/** mp: publish the server's ranking of `quizId` (null: the night's quiz), or unpublish. */
export interface PublishPoints { type: 'PublishPoints'; publish: boolean; quizId: string | null }

/** PUT /api/show-settings: the whole settings, read and checked at the edge. */
export interface ChangeShowSettings { type: 'ChangeShowSettings'; settings: ShowSettings }

// the stream overlay's links (HTTP, admin)
export interface CreateOverlayLink { type: 'CreateOverlayLink' }
export interface RevokeOverlayLink { type: 'RevokeOverlayLink'; linkId: string }

// uploads, forms
export interface RecordUpload { type: 'RecordUpload'; kind: UploadKind; fileNames: string[]; label: string | null }
export interface SubmitGreeting { type: 'SubmitGreeting'; name: string; message: string }

// moderation
export interface HideLobbyChatMessage { type: 'HideLobbyChatMessage'; messageId: string }
export interface SetLobbySlowMode { type: 'SetLobbySlowMode'; seconds: number }
export interface SetLobbyChatOpen { type: 'SetLobbyChatOpen'; open: boolean }
export interface HideGreeting { type: 'HideGreeting'; greetingId: string }
export interface MuteUser { type: 'MuteUser'; userId: string; minutes: number }
export interface RemoveTeamMember { type: 'RemoveTeamMember'; teamId: string; userId: string }

export type Command =
  | RegisterUser | UpdateProfile | MarkEmailPopupSeen | CreateLoginLink | SetUserRoles | BlockUser | RevokeTokens | ResetPassword | EraseUser
  | CreateTeam | CreateQrTeam | JoinTeam | JoinTeamByInvite | CreateTeamInvite | CreateTeamInviteAsAdmin | EditTeam | DeleteTeam
  | CreateQuiz | EditQuiz | ImportQuiz | AddTieBreakQuestion
  | StartQuestion | StartNextQuestion | HardReset | StartCountdown | ExpireCountdown | EndQuestion | ShowInstructions
  | AcceptQuizzle | RejectQuizzle
  | AddProposal | AddTeamChat | DeleteProposal | ChooseFavourite | ToggleStar | OfferQuizzle | SubmitSingleAnswer | PostLobbyChat
  | SaveDrawing
  | ChooseHealDeal | CalculateHealDeal
  | RateAnswerRelative | RateAnswerAbsolute | StartChecking | RegexBulkRate
  | CorrectShipQuestion
  | SetOverviewMessage | SetFeatureFlags | SetReconnectAt | ResetLiveState | UpdateStateSetting
  | ChangeUberMode | SetUberMessage | DrawStroke | ClearPainting | PublishPoints
  | ChangeShowSettings
  | CreateOverlayLink | RevokeOverlayLink
  | RecordUpload | SubmitGreeting
  | HideLobbyChatMessage | HideGreeting | MuteUser | RemoveTeamMember | SetLobbySlowMode | SetLobbyChatOpen;

export type CommandType = Command['type'];
export type CommandOfType<T extends CommandType> = Extract<Command, { type: T }>;
