import { streams, type UploadKind, type UploadQuestion } from '../../events';
import {
  UPLOAD_MAX_BYTES,
  openQuestion,
  pauseUploadNameMissing,
  tooLongProblem,
  type LiveState,
} from '../../projections/live';
import { accept, draft, isRejection, reject, type DecisionContext, type Rejection, type Verdict } from './decision';
import { NIGHTS, SHOW, TEAMS, own, trimmed, type Entries, type ParserInput } from './entry';
import { textOf } from './fields';
import { hasRole, requireUser } from './guards';
import { texts } from './texts';
import { SHARED_TEXTS } from '../../wire/shared-texts';

export interface RecordUpload {
  type: 'RecordUpload';
  kind: UploadKind;
  fileNames: string[];
  label: string | null;
}
/** The commands of this file, as their rules receive them: uploadEntries holds one entry for each. */
export type UploadCommand = RecordUpload;

/** The refusals of these commands (verbatim where the spec has them, typos included). */
export const UPLOAD_COMMAND_TEXTS = {
  // from the spec, verbatim
  uploadNotAnImage: SHARED_TEXTS.uploadNotAnImage,
  uploadTooLarge: SHARED_TEXTS.uploadTooLarge,
  uploadNameMissing: SHARED_TEXTS.uploadNameMissing,
  uploadFailed: SHARED_TEXTS.uploadFailed,
} as const;

/**
 * An upload the HTTP layer stored: only images (type checked by content there, reported here),
 * at most 10,000,000 bytes each; pause uploads (kind user) need a name; team and question
 * uploads need a team. A question upload records the open question (qa or qc); while none is open it
 * is still accepted, with question null (docs/decisions/engine.md, "Question uploads without an open question").
 * The show's own pictures (kind show: its logo) are the admins', in the admin's folder, with or without a team.
 */
export function recordUpload(state: LiveState, cmd: RecordUpload, ctx: DecisionContext): Verdict {
  const user = requireUser(state, ctx);
  if (isRejection(user)) return user;
  const { fileNames, label } = cmd;
  const own = cmd.kind === 'user' || cmd.kind === 'show';
  if (cmd.kind === 'show' && !hasRole(ctx, 'admin')) return reject(texts.forbidden, 'forbidden');
  const teamId = user.teamId;
  if (!own && !teamId) return reject(UPLOAD_COMMAND_TEXTS.uploadFailed, 'precondition');
  return accept(
    teamId && !own ? streams.team(teamId) : streams.user(user.id),
    draft('UploadRecorded', {
      uploadId: ctx.newId(),
      kind: cmd.kind,
      userId: user.id,
      teamId: own ? null : teamId,
      fileNames,
      label,
      question: cmd.kind === 'question' ? questionOpenAt(state) : null,
    }),
  );
}

function questionOpenAt(state: LiveState): UploadQuestion | null {
  const question = openQuestion(state);
  return question && state.night ? { nightId: state.night.id, round: question.round, number: question.number } : null;
}

const UPLOAD_KINDS: readonly UploadKind[] = ['team', 'question', 'user', 'show'];

/**
 * An upload the HTTP layer stored: only images (type checked by content there, reported here), at
 * most 10,000,000 bytes each; pause uploads (kind user) need a name.
 */
function parseRecordUpload(c: ParserInput): RecordUpload | Rejection {
  const files = Array.isArray(c.files) ? (c.files as unknown[]) : [];
  const kind = UPLOAD_KINDS.find((k) => k === c.kind);
  if (files.length === 0 || !kind) return reject(UPLOAD_COMMAND_TEXTS.uploadFailed);
  const fileNames: string[] = [];
  for (const file of files) {
    const f = (typeof file === 'object' && file !== null ? file : {}) as Record<string, unknown>;
    if (!textOf(f.mimeType).startsWith('image')) return reject(UPLOAD_COMMAND_TEXTS.uploadNotAnImage);
    if (!(typeof f.size === 'number' && f.size <= UPLOAD_MAX_BYTES)) return reject(UPLOAD_COMMAND_TEXTS.uploadTooLarge);
    fileNames.push(textOf(f.fileName));
  }
  const label = trimmed(c.fileName);
  if (kind === 'user' && pauseUploadNameMissing(label)) return reject(UPLOAD_COMMAND_TEXTS.uploadNameMissing);
  const tooLong = tooLongProblem('uploadLabel', label);
  if (tooLong) return reject(tooLong);
  return { type: 'RecordUpload', kind, fileNames, label: label || null };
}

export const uploadEntries = {
  RecordUpload: {
    access: 'user',
    parse: parseRecordUpload,
    boundary: (_c, _s, actorId) => [SHOW, ...own(actorId), TEAMS, NIGHTS],
    rule: recordUpload,
  },
} satisfies Entries<UploadCommand>;
