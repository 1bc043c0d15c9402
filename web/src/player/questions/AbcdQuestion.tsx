import { useState } from 'react';
import { abcdLetters } from '@live/rules/abcd-letters';
import { command } from '../../realtime/connection';
import type { QuestionView } from '../../realtime/views';
import { useAppDispatch } from '../../store';
import { uiActions } from '../../store/uiSlice';
import { t } from '../../texts';
import { ChatForm } from './ChatForm';

/** Abcd: one button per letter (the engine's count: extraInfo.optionNum, else the options, else 4; at most 26); the team variant proposes, the single variant answers. */
export function AbcdQuestion({ question, single }: { question: QuestionView; single: boolean }) {
  const letters = abcdLetters(question);
  const dispatch = useAppDispatch();
  const [chosen, setChosen] = useState<string | null>(null);
  async function choose(letter: string) {
    const reply = await command(single ? 'sp' : 'gp', { message: letter });
    if (reply.success) setChosen(letter);
    else dispatch(uiActions.noticeAdded(reply.message ?? t.question.sendFailed));
  }
  return (
    <div className="abcd">
      <p className="muted" id="abcd-label">
        {t.question.abcdChoose}
      </p>
      <div className="abcd__grid" role="group" aria-labelledby="abcd-label">
        {letters.map((letter, i) => (
          <button
            key={letter}
            type="button"
            className={`abcd__option ${chosen === letter ? 'abcd__option--chosen' : ''}`}
            aria-pressed={chosen === letter}
            onClick={() => void choose(letter)}
          >
            <span className="abcd__letter">{letter}</span>
            {question.options?.[i] && <span className="abcd__text">{question.options[i]}</span>}
          </button>
        ))}
      </div>
      {!single && <ChatForm />}
    </div>
  );
}
