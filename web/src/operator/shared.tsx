/** Pieces every operator screen uses: commands that alert their failure, notices, panels. */
import { useCallback, useId, type ReactNode } from 'react';
import { useSecondsLeft } from '../components/Countdown';
import { isUrgent } from '../logic/countdown';
import type { ContentOf } from '@wire/command-contents';
import type { CommandReply } from '../realtime/client';
import { command } from '../realtime/connection';
import { useAppDispatch } from '../store';
import { uiActions, type NoticeTone } from '../store/uiSlice';
import { t } from '../texts/operator';

/** Shows an alert (the app's notices, announced to screen readers). */
export function useNotify(): (text: string, tone?: NoticeTone) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (text, tone = 'error') => {
      dispatch(uiActions.noticeAdded(text, tone));
    },
    [dispatch],
  );
}

export type SendCommand = <Code extends string>(
  type: Code,
  content?: ContentOf<Code>,
  successText?: string,
) => Promise<CommandReply<Code>>;

/** Sends a realtime command; a reply that is not success alerts the server's message. */
export function useCommand(): SendCommand {
  const notify = useNotify();
  return useCallback<SendCommand>(
    async (type, content, successText) => {
      const reply = await command(type, content);
      if (!reply.success) notify(reply.message || t.operator.failed);
      else if (successText) notify(successText, 'success');
      return reply;
    },
    [notify],
  );
}

/** A titled card; its heading labels the region. */
export function Panel({
  title,
  children,
  className = '',
  actions,
}: {
  title: string;
  children: ReactNode;
  className?: string;
  actions?: ReactNode;
}) {
  const id = useId();
  return (
    <section className={`card panel ${className}`} aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A term–value list (current quiz, round, state …). */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="facts">
      {items.map(([term, value]) => (
        <div key={term} className="facts__item">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Seconds left of the countdown, red under 10. */
export function TimeLeft() {
  const seconds = useSecondsLeft();
  return (
    <span className={`time-left ${isUrgent(seconds) ? 'time-left--urgent' : ''}`} role="timer">
      {seconds === null ? t.control.noCountdown : `${seconds} s`}
    </span>
  );
}
