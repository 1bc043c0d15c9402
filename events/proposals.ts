import type { EventEnvelope } from './envelope';

/** A proposal (chat false) or a team chat entry (chat true); keys count up per team and question. */
export type ProposalAdded = EventEnvelope<
  'ProposalAdded',
  1,
  {
    teamId: string;
    key: number;
    userId: string;
    message: string;
    chat: boolean;
  }
>;

export type ProposalDeleted = EventEnvelope<'ProposalDeleted', 1, { teamId: string; key: number; userId: string }>;

export type FavoriteChosen = EventEnvelope<'FavoriteChosen', 1, { teamId: string; key: number; userId: string }>;

/** key null: the member took the star back. One star per member. */
export type StarToggled = EventEnvelope<'StarToggled', 1, { teamId: string; userId: string; key: number | null }>;

/** go: the team offers that proposal to the moderator (team.quizzled). */
export type QuizzleOffered = EventEnvelope<
  'QuizzleOffered',
  1,
  { teamId: string; key: number; userId: string; answer: string }
>;

/** sp: a user's current answer in single-player mode. */
export type SingleAnswerSubmitted = EventEnvelope<'SingleAnswerSubmitted', 1, { userId: string; message: string }>;

/** Version 1 also copied the author's name; the fold takes it from the user (erasable, events/personal-data.ts). */
export interface LobbyChatMessagePostedDataV1 {
  userId: string;
  name?: string;
  message: string;
  highlight: boolean;
}

export type LobbyChatMessagePosted = EventEnvelope<
  'LobbyChatMessagePosted',
  2,
  {
    userId: string;
    message: string;
    highlight: boolean;
  }
>;

export type ProposalEvent =
  | ProposalAdded
  | ProposalDeleted
  | FavoriteChosen
  | StarToggled
  | QuizzleOffered
  | SingleAnswerSubmitted
  | LobbyChatMessagePosted;
