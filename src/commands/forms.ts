import { streams } from '../../events';
import { GREETING_MESSAGE_MAX_LENGTH, MAX_NAME_LENGTH, type LiveState } from '../../projections/live';
import type { SubmitGreeting } from './commands';
import { accept, draft, reject, type DecisionContext, type Verdict } from './decision';
import { textOf } from './guards';
import { texts } from './texts';

/** gruss: name and message required; name at most 50, message at most 500 characters. */
export function submitGreeting(_state: LiveState, cmd: SubmitGreeting, ctx: DecisionContext): Verdict {
  const name = textOf(cmd.username).trim();
  const message = textOf(cmd.message).trim();
  if (!name || !message) return reject(texts.greetingFieldMissing);
  if (name.length > MAX_NAME_LENGTH) return reject(texts.greetingNameTooLong);
  if (message.length > GREETING_MESSAGE_MAX_LENGTH) return reject(texts.greetingMessageTooLong);
  return accept(streams.show, draft('GreetingSubmitted', { greetingId: ctx.newId(), name, message }));
}
