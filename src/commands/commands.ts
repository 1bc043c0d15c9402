/**
 * Every command of the engine: each realtime message of PROTOCOL.md's catalogue (except sa and sg)
 * and each HTTP write. Field names follow the wire content; the gateway resolves secrets (passwords,
 * tokens) before a command reaches a decider, so commands carry only their outcome (see `passwordOk`).
 */
import type { HealDealKind, RegexMark, UploadKind } from '../../events';
import type { QuestionInput } from '../../projections/live';

// identity (HTTP)
export interface RegisterUser { type: 'RegisterUser'; login: string; password: string; passwordRepeat?: string; email?: string | null }
export interface UpdateProfile { type: 'UpdateProfile'; userId: string; name: string; newPassword?: string; newPasswordRepeat?: string }
export interface MarkEmailPopupSeen { type: 'MarkEmailPopupSeen'; userId: string }
/** ali: admin creates a one-time login link for a user. */
export interface CreateLoginLink { type: 'CreateLoginLink'; id: string }

// teams
export interface CreateTeam { type: 'CreateTeam'; name: string; password: string; stadt: string; beschreibung: string; url?: string }
/** fqps/team/new: QR sign-up by a visitor. */
/** `moderatorOnline`: the server's verdict from live connections (presence is not in the log). */
export interface CreateQrTeam { type: 'CreateQrTeam'; name: string; amount?: string | number | null; moderatorOnline?: boolean }
/** gj: `passwordOk` is the gateway's verdict on the password against the write side's hash. */
export interface JoinTeam { type: 'JoinTeam'; id: string; password: string; passwordOk: boolean }
/** gi: the gateway resolved the token to its invite id (null: unknown token). */
export interface JoinTeamByInvite { type: 'JoinTeamByInvite'; inviteId: string | null }
/** gl: a member creates an invite for the own team. */
export interface CreateTeamInvite { type: 'CreateTeamInvite' }
/** ati: admin creates an invite for any team. */
export interface CreateTeamInviteAsAdmin { type: 'CreateTeamInviteAsAdmin'; id: string }
/** gu */
export interface EditTeam { type: 'EditTeam'; url: string; stadt: string; beschreibung: string }
/** DELETE /api/teams/:id (the admin's "Alle Teams löschen" deletes one by one). */
export interface DeleteTeam { type: 'DeleteTeam'; id: string }

// quizzes (HTTP)
/** A question as a moderator writes it (config form, JSON text or TOML import): projections/live/quiz-content.ts. */
export type { QuestionInput };
export interface CreateQuiz { type: 'CreateQuiz'; name: string; yearWeek: string; content: QuestionInput[] | string }
export interface EditQuiz { type: 'EditQuiz'; quizId: string | number; name?: string; yearWeek?: string; content?: QuestionInput[] | string }
/** The TOML file parsed by the server: rounds containing numbered questions. */
export interface ImportQuiz { type: 'ImportQuiz'; name: string; yearWeek: string; rounds: unknown }
/** aas */
export interface AddTieBreakQuestion { type: 'AddTieBreakQuestion'; quiz: string | number; round: number; question: number; title?: string; text: string }

// night: game flow (moderator)
export interface StartQuestion { type: 'StartQuestion'; quiz: string | number; round: number; question: number }
/** The control panel's next-question button. */
export interface StartNextQuestion { type: 'StartNextQuestion' }
export interface HardReset { type: 'HardReset'; quiz: string | number; round: number; question: number }
export interface StartCountdown { type: 'StartCountdown'; time: number }
/** Sent by the server's scheduler when a countdown's end instant has passed. */
export interface ExpireCountdown { type: 'ExpireCountdown' }
export interface EndQuestion { type: 'EndQuestion' }
export interface ShowInstructions { type: 'ShowInstructions' }
export interface AcceptQuizzle { type: 'AcceptQuizzle' }
export interface RejectQuizzle { type: 'RejectQuizzle' }
/** mup: a query; the decider only checks the permission. */
export interface QueryPointsOverview { type: 'QueryPointsOverview'; quiz: string | number }
/** muf: a query confined to the upload store. */
export interface ListUploadFolder { type: 'ListUploadFolder'; folder: string }

// proposals and chat
export interface AddProposal { type: 'AddProposal'; message: string }
export interface AddTeamChat { type: 'AddTeamChat'; message: string }
export interface DeleteProposal { type: 'DeleteProposal'; number: number }
export interface ChooseFavorite { type: 'ChooseFavorite'; number: number }
export interface ToggleStar { type: 'ToggleStar'; number: number }
export interface OfferQuizzle { type: 'OfferQuizzle'; number: number }
export interface SubmitSingleAnswer { type: 'SubmitSingleAnswer'; message: string }
export interface PostLobbyChat { type: 'PostLobbyChat'; message: string }

// heal and deal
export interface ChooseHealDeal { type: 'ChooseHealDeal'; kind: HealDealKind; team: string }
export interface CalculateHealDeal { type: 'CalculateHealDeal' }

// rating
export interface RateAnswerRelative { type: 'RateAnswerRelative'; answerId: string; change: number; checked: boolean; liked: boolean }
export interface RateAnswerAbsolute { type: 'RateAnswerAbsolute'; answerId: string; value: unknown; checked: boolean; liked: boolean }
export interface StartChecking { type: 'StartChecking'; quiz: string | number }
export interface RegexBulkRate { type: 'RegexBulkRate'; quiz: string | number; round: number; question: number; regex: string; points?: number; mark: RegexMark }

// ship
export interface CorrectShipQuestion { type: 'CorrectShipQuestion'; quiz: string | number; round: number; question: number }

// show (admin, moderator display)
export interface SetOverviewMessage { type: 'SetOverviewMessage'; message: string }
export interface SetFeatureFlags { type: 'SetFeatureFlags'; flags: string }
export interface SetReconnectAt { type: 'SetReconnectAt'; recheckAt: number }
export interface ResetLiveState { type: 'ResetLiveState' }
export interface UpdateStateSetting { type: 'UpdateStateSetting'; path: string; value: unknown }
export interface ChangeUberMode { type: 'ChangeUberMode'; modus: string }
export interface SetUberMessage { type: 'SetUberMessage'; message: string }
export interface DrawStroke { type: 'DrawStroke'; url: string; color: string; startX: number; startY: number; endX: number; endY: number }
export interface ClearPainting { type: 'ClearPainting' }
export interface PublishPoints { type: 'PublishPoints'; content: unknown }

// uploads, forms
export interface UploadedFile { fileName: string; mimeType: string; size: number }
export interface RecordUpload { type: 'RecordUpload'; kind: UploadKind; files: UploadedFile[]; fileName?: string | null }
export interface SubmitGreeting { type: 'SubmitGreeting'; username: string; message: string }

export type Command =
  | RegisterUser | UpdateProfile | MarkEmailPopupSeen | CreateLoginLink
  | CreateTeam | CreateQrTeam | JoinTeam | JoinTeamByInvite | CreateTeamInvite | CreateTeamInviteAsAdmin | EditTeam | DeleteTeam
  | CreateQuiz | EditQuiz | ImportQuiz | AddTieBreakQuestion
  | StartQuestion | StartNextQuestion | HardReset | StartCountdown | ExpireCountdown | EndQuestion | ShowInstructions
  | AcceptQuizzle | RejectQuizzle | QueryPointsOverview | ListUploadFolder
  | AddProposal | AddTeamChat | DeleteProposal | ChooseFavorite | ToggleStar | OfferQuizzle | SubmitSingleAnswer | PostLobbyChat
  | ChooseHealDeal | CalculateHealDeal
  | RateAnswerRelative | RateAnswerAbsolute | StartChecking | RegexBulkRate
  | CorrectShipQuestion
  | SetOverviewMessage | SetFeatureFlags | SetReconnectAt | ResetLiveState | UpdateStateSetting
  | ChangeUberMode | SetUberMessage | DrawStroke | ClearPainting | PublishPoints
  | RecordUpload | SubmitGreeting;

export type CommandType = Command['type'];
export type CommandOfType<T extends CommandType> = Extract<Command, { type: T }>;

/** Realtime message codes (PROTOCOL.md) and the command each becomes. */
export const WIRE_COMMANDS = {
  ulc: 'PostLobbyChat',
  gj: 'JoinTeam',
  gi: 'JoinTeamByInvite',
  gl: 'CreateTeamInvite',
  gu: 'EditTeam',
  gp: 'AddProposal',
  gc: 'AddTeamChat',
  gd: 'DeleteProposal',
  gf: 'ChooseFavorite',
  gs: 'ToggleStar',
  go: 'OfferQuizzle',
  ghd: 'ChooseHealDeal',
  sp: 'SubmitSingleAnswer',
  ma: 'StartQuestion',
  mhr: 'HardReset',
  mc: 'StartCountdown',
  mn: 'EndQuestion',
  mup: 'QueryPointsOverview',
  mp: 'PublishPoints',
  mr: 'AcceptQuizzle',
  mq: 'RejectQuizzle',
  mi: 'ShowInstructions',
  muf: 'ListUploadFolder',
  mua: 'DrawStroke',
  muc: 'ClearPainting',
  mum: 'ChangeUberMode',
  mumm: 'SetUberMessage',
  tu: 'RateAnswerRelative',
  tua: 'RateAnswerAbsolute',
  ta: 'StartChecking',
  trx: 'RegexBulkRate',
  ao: 'SetOverviewMessage',
  aff: 'SetFeatureFlags',
  asv: 'CorrectShipQuestion',
  aas: 'AddTieBreakQuestion',
  ara: 'SetReconnectAt',
  arr: 'ResetLiveState',
  ati: 'CreateTeamInviteAsAdmin',
  ali: 'CreateLoginLink',
  asu: 'UpdateStateSetting',
  ahd: 'CalculateHealDeal',
} as const satisfies Record<string, CommandType>;

export type WireCode = keyof typeof WIRE_COMMANDS;

/** Fields only the gateway may set (its verdict on a secret); a client cannot send them. */
const GATEWAY_FIELDS = { passwordOk: false, inviteId: null } as const;

export interface GatewayVerdict {
  /** gj: whether the password matched the team's hash (the write side checks it). */
  passwordOk?: boolean;
  /** gi: the invite the token belongs to, null when unknown. */
  inviteId?: string | null;
}

/**
 * Turns a realtime message into a command. The content is taken as sent (the deciders check every
 * field), except the gateway's own fields: gj and gi need `passwordOk` / `inviteId` from `verdict`.
 */
export function commandFromWire(code: WireCode, content: Record<string, unknown> | null | undefined, verdict: GatewayVerdict = {}): Command {
  return { ...(content ?? {}), ...GATEWAY_FIELDS, ...verdict, type: WIRE_COMMANDS[code] } as Command;
}
