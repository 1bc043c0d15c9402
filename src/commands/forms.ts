import { streams } from '../../events';
import { greetingProblemOf, type GreetingProblem, type LiveState } from '../../projections/live';
import { accept, draft, reject, type DecisionContext, type Verdict } from './decision';
import { showOnly, trimmed, type Entries } from './entry';
import { textOf } from './fields';
import { SHARED_TEXTS } from '../../wire/shared-texts';

export interface SubmitGreeting {
  type: 'SubmitGreeting';
  name: string;
  message: string;
}
/** The commands of this file, as their rules receive them: formEntries holds one entry for each. */
export type FormCommand = SubmitGreeting;

/** The refusals of these commands (verbatim where the spec has them, typos included). */
export const FORM_COMMAND_TEXTS = {
  // from the spec, verbatim
  greetingFieldMissing: SHARED_TEXTS.greetingFieldMissing,
  greetingNameTooLong: SHARED_TEXTS.greetingNameTooLong,
  greetingMessageTooLong: SHARED_TEXTS.greetingMessageTooLong,
} as const;

/** gruss: the table's parser checked the fields (required; name at most 50, message at most 500 characters). */
export function submitGreeting(_state: LiveState, { name, message }: SubmitGreeting, ctx: DecisionContext): Verdict {
  return accept(streams.show, draft('GreetingSubmitted', { greetingId: ctx.newId(), name, message }));
}

const GREETING_TEXTS: Record<GreetingProblem, string> = {
  missing: FORM_COMMAND_TEXTS.greetingFieldMissing,
  nameTooLong: FORM_COMMAND_TEXTS.greetingNameTooLong,
  messageTooLong: FORM_COMMAND_TEXTS.greetingMessageTooLong,
};

export const formEntries = {
  SubmitGreeting: {
    access: 'anyone',
    parse: (c) => {
      const problem = greetingProblemOf(textOf(c.username), textOf(c.message));
      if (problem) return reject(GREETING_TEXTS[problem]);
      return { type: 'SubmitGreeting', name: trimmed(c.username), message: trimmed(c.message) };
    },
    boundary: showOnly,
    rule: submitGreeting,
  },
} satisfies Entries<FormCommand>;
