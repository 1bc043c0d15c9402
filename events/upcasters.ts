import type { EventMetadata } from './envelope';
import { CURRENT_VERSION, type EventType, type QuizShowEvent } from './index';
import type { AnswersLockedInData, AnswersLockedInDataV1 } from './night';
import type { LobbyChatMessagePosted, LobbyChatMessagePostedDataV1 } from './proposals';
import type { TeamCreatedData, TeamCreatedDataV1, TeamCreatedDataV2 } from './teams';
import type { UploadRecordedData, UploadRecordedDataV1 } from './uploads';

/** An event as read from the store, in whatever version it was written. */
export interface RecordedEvent {
  type: string;
  version?: number;
  data: unknown;
  metadata: EventMetadata;
}

/** Turns the data of version n into the data of version n + 1. */
type Upcaster = (data: never) => unknown;

/** Keyed by `<type>@<version it reads>`. */
const upcasters: Record<string, Upcaster> = {
  'TeamCreated@1': (data: TeamCreatedDataV1): TeamCreatedDataV2 => ({
    teamId: data.teamId,
    name: data.name,
    stadt: '',
    beschreibung: '',
    url: '',
    isNew: false,
    origin: 'dialog',
    expectedMembers: null,
    createdBy: data.createdBy,
  }),
  // Version 2 had no short number: the fold numbers such teams in the order they were created.
  'TeamCreated@2': (data: TeamCreatedDataV2): TeamCreatedData => ({ ...data, number: null }),
  'UploadRecorded@1': (data: UploadRecordedDataV1): UploadRecordedData => ({
    uploadId: data.uploadId,
    kind: data.kind,
    userId: data.userId,
    teamId: data.teamId,
    fileNames: data.fileNames,
    label: data.label,
    question: null,
  }),
  // Version 1 copied the author's name, which erasure could not reach; the fold names the author from the user.
  'LobbyChatMessagePosted@1': (data: LobbyChatMessagePostedDataV1): LobbyChatMessagePosted['data'] => ({
    userId: data.userId,
    message: data.message,
    highlight: data.highlight,
  }),
  // Version 1 did not record which proposal was taken nor why; nothing in the event can tell it now
  // (the rule reads the team's proposals and stars at that moment), so the upcast says so.
  'AnswersLockedIn@1': (data: AnswersLockedInDataV1): AnswersLockedInData => ({
    nightId: data.nightId,
    quizId: data.quizId,
    round: data.round,
    number: data.number,
    answers: data.answers.map((a) => ({
      answerId: a.answerId,
      teamId: a.teamId,
      userId: a.userId,
      answer: a.answer,
      author: a.author,
      proposalKey: null,
      basis: 'unknown',
    })),
  }),
};

export class UnknownEventError extends Error {
  constructor(
    readonly type: string,
    readonly version: number,
  ) {
    super(`Unknown event ${type} version ${version}`);
    this.name = 'UnknownEventError';
  }
}

function isKnownType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(CURRENT_VERSION, type);
}

/** Brings a recorded event up to its current version, one step at a time. */
export function upcast(recorded: RecordedEvent): QuizShowEvent {
  const version = recorded.version ?? 1;
  if (!isKnownType(recorded.type)) throw new UnknownEventError(recorded.type, version);
  const target: number = CURRENT_VERSION[recorded.type];
  let data = recorded.data;
  for (let v = version; v < target; v++) {
    const step = upcasters[`${recorded.type}@${v}`];
    if (!step) throw new UnknownEventError(recorded.type, v);
    data = (step as (d: unknown) => unknown)(data);
  }
  if (version > target) throw new UnknownEventError(recorded.type, version);
  return { type: recorded.type, version: target, data, metadata: recorded.metadata } as QuizShowEvent;
}
