import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../store';
import { uiActions } from '../store/uiSlice';
import { t } from '../texts';

/** Alerts of the app (socket messages, failed actions), announced to screen readers. */
export function Notices() {
  const notices = useAppSelector((s) => s.ui.notices);
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timers = notices
      .filter((n) => n.tone !== 'error')
      .map((n) => setTimeout(() => dispatch(uiActions.noticeDismissed(n.id)), 5000));
    return () => timers.forEach(clearTimeout);
  }, [notices, dispatch]);
  return (
    <div className="notices" aria-live="assertive">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice--${n.tone}`} role={n.tone === 'error' ? 'alert' : 'status'}>
          <span>{n.text}</span>
          <button type="button" className="icon-button" aria-label={t.modal.close} onClick={() => dispatch(uiActions.noticeDismissed(n.id))}>×</button>
        </div>
      ))}
    </div>
  );
}
