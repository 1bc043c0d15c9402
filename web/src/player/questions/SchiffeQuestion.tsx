import { SCHIFFE_DEFAULT_ANSWER, schiffeProblemText } from '../../logic/schiffe';
import { t } from '../../texts';
import { ProposalList } from '../ProposalList';
import { AnswerForm } from './AnswerForm';

/** Schiffe versenken: two-line answer "Lager: …" / "Plündern: …", validated before proposing. */
export function SchiffeQuestion() {
  return (
    <>
      <AnswerForm
        mode="team"
        initial={SCHIFFE_DEFAULT_ANSWER}
        rows={2}
        hint={`${t.question.schiffeHelp}. ${t.question.shiftEnter}`}
        validate={schiffeProblemText}
      />
      <ProposalList />
    </>
  );
}
