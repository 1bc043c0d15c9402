import { streams } from '../../events';
import { greetingProblemOf, type LiveState } from '../../projections/live';
import type { SubmitGreeting } from './commands';
import { accept, draft, reject, type DecisionContext, type Verdict } from './decision';
import { textOf } from './guards';
import { texts } from './texts';

/** gruss: name and message required; name at most 50, message at most 500 characters. */
export function submitGreeting(_state: LiveState, cmd: SubmitGreeting, ctx: DecisionContext): Verdict {
  const name = textOf(cmd.username).trim();
  const message = textOf(cmd.message).trim();
  const problem = greetingProblemOf(name, message);
  if (problem === 'missing') return reject(texts.greetingFieldMissing);
  if (problem === 'nameTooLong') return reject(texts.greetingNameTooLong);
  if (problem === 'messageTooLong') return reject(texts.greetingMessageTooLong);
  return accept(streams.show, draft('GreetingSubmitted', { greetingId: ctx.newId(), name, message }));
}
