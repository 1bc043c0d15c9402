import { streams } from '../../events';
import type { LiveState } from '../../projections/live';
import type { SubmitGreeting } from './commands';
import { accept, draft, type DecisionContext, type Verdict } from './decision';

/** gruss: the table's parser checked the fields (required; name at most 50, message at most 500 characters). */
export function submitGreeting(_state: LiveState, { name, message }: SubmitGreeting, ctx: DecisionContext): Verdict {
  return accept(streams.show, draft('GreetingSubmitted', { greetingId: ctx.newId(), name, message }));
}
