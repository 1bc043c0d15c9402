import { SHIP_ANSWER_TEMPLATE, shipAnswerProblemText } from '@live/rules/ship-answer';
import { t } from '../../texts';
import { ProposalList } from '../ProposalList';
import { AnswerForm } from './AnswerForm';

/** Schiffe versenken: two-line answer "Lager: …" / "Plündern: …", validated before proposing. */
export function SchiffeQuestion() {
  return (
    <>
      <AnswerForm
        mode="team"
        initial={SHIP_ANSWER_TEMPLATE}
        rows={2}
        hint={`${t.question.schiffeHelp}. ${t.question.shiftEnter}`}
        validate={shipAnswerProblemText}
      />
      <ProposalList />
    </>
  );
}
