/**
 * Every command of the engine, typed as its rule receives it: the command table's parser made it from
 * the wire content (a realtime message of PROTOCOL.md's catalogue or an HTTP body) at the edge.
 * Commands carry no secrets: the edge resolves passwords and tokens and hands on only its verdict
 * (`passwordOk`, `inviteId`, whether a password was given).
 * Each command's type lives in its area's file beside its entry (ARCHITECTURE.md rule 13); this file
 * only joins the areas' unions.
 */
import type { AccountCommand } from './accounts';
import type { ContentModerationCommand } from './content-moderation';
import type { DrawingCommand } from './drawing';
import type { ParserInput } from './entry';
import type { FormCommand } from './forms';
import type { HealDealCommand } from './heal-deal';
import type { IdentityCommand } from './identity';
import type { ModerationCommand } from './moderation';
import type { NightCommand } from './night';
import type { OverlayLinkCommand } from './overlay-links';
import type { ProposalCommand } from './proposals';
import type { QuizCommand } from './quizzes';
import type { RatingCommand } from './rating';
import type { ShipCommand } from './ship';
import type { ShowSettingsCommand } from './show-settings';
import type { ShowCommand } from './show';
import type { TeamCommand } from './teams';
import type { UploadCommand } from './uploads';
import type { UserRoleCommand } from './user-roles';

export type Command =
  | IdentityCommand
  | UserRoleCommand
  | AccountCommand
  | TeamCommand
  | QuizCommand
  | NightCommand
  | ProposalCommand
  | DrawingCommand
  | HealDealCommand
  | RatingCommand
  | ShipCommand
  | ShowCommand
  | ShowSettingsCommand
  | OverlayLinkCommand
  | UploadCommand
  | FormCommand
  | ModerationCommand
  | ContentModerationCommand;

export type CommandType = Command['type'];
export type CommandOfType<T extends CommandType> = Extract<Command, { type: T }>;

/** Wire content as it arrived, with its command type: what the edge admits (admit, decideInput). */
export type CommandInput = ParserInput<CommandType>;
