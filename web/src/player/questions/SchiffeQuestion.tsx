import { SCHIFFE_DEFAULT_ANSWER, validateSchiffe, type SchiffeError } from '../../logic/schiffe';
import { t } from '../../texts';
import { ProposalList } from '../ProposalList';
import { AnswerForm } from './AnswerForm';

export function schiffeMessage(error: SchiffeError): string {
  switch (error.kind) {
    case 'empty':
      return t.question.schiffeEmpty;
    case 'twoLines':
      return t.question.schiffeTwoLines;
    case 'line1':
      return t.question.schiffeLine1(error.was);
    case 'line2':
      return t.question.schiffeLine2(error.was);
  }
}

/** Schiffe versenken: two-line answer "Lager: …" / "Plündern: …", validated before proposing. */
export function SchiffeQuestion() {
  return (
    <>
      <AnswerForm
        mode="team"
        initial={SCHIFFE_DEFAULT_ANSWER}
        rows={2}
        hint={`${t.question.schiffeHelp}. ${t.question.shiftEnter}`}
        validate={(answer) => {
          const error = validateSchiffe(answer);
          return error ? schiffeMessage(error) : null;
        }}
      />
      <ProposalList />
    </>
  );
}
