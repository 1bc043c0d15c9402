import { streams, type UploadQuestion } from '../../events';
import { openQuestion, type LiveState } from '../../projections/live';
import type { RecordUpload } from './commands';
import { accept, draft, isRejection, reject, type DecisionContext, type Verdict } from './decision';
import { requireUser } from './guards';
import { texts } from './texts';

/**
 * An upload the HTTP layer stored: only images (type checked by content there, reported here),
 * at most 10,000,000 bytes each; pause uploads (kind user) need a name; team and question
 * uploads need a team. A question upload records the open question (qa or qc); while none is open it
 * is still accepted, with question null (docs/decisions/engine.md, "Question uploads without an open question").
 */
export function recordUpload(state: LiveState, cmd: RecordUpload, ctx: DecisionContext): Verdict {
  const user = requireUser(state, ctx);
  if (isRejection(user)) return user;
  const { fileNames, label } = cmd;
  const teamId = user.teamId;
  if (cmd.kind !== 'user' && !teamId) return reject(texts.uploadFailed, 'precondition');
  return accept(teamId && cmd.kind !== 'user' ? streams.team(teamId) : streams.user(user.id), draft('UploadRecorded', {
    uploadId: ctx.newId(), kind: cmd.kind, userId: user.id, teamId: cmd.kind === 'user' ? null : teamId,
    fileNames, label,
    question: cmd.kind === 'question' ? questionOpenAt(state) : null,
  }));
}

function questionOpenAt(state: LiveState): UploadQuestion | null {
  const question = openQuestion(state);
  return question && state.night ? { nightId: state.night.id, round: question.round, number: question.number } : null;
}
