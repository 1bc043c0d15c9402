import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { logout } from '../session';
import { useAppDispatch, useAppSelector } from '../store';
import { selectIsTester } from '../store/selectors';
import { sessionActions } from '../store/sessionSlice';
import { t } from '../texts';

/** User menu: profile, team, logout and (for testers) the toggle that hides the normal links. */
export function UserMenu() {
  const [open, setOpen] = useState(false);
  const name = useAppSelector((s) => s.live.views.user?.name ?? s.session.user?.name ?? '');
  const isTester = useAppSelector(selectIsTester);
  const hides = useAppSelector((s) => s.session.testerHidesLinks);
  const dispatch = useAppDispatch();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const close = () => setOpen(false);
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="nav__button"
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span className="avatar-dot" aria-hidden="true">
          {name.charAt(0).toUpperCase() || '?'}
        </span>
        <span className="visually-hidden">{t.userMenu.open}</span>
        <span className="nav__username">{name}</span>
      </button>
      {open && (
        <ul className="dropdown__menu dropdown__menu--right">
          <li>
            <Link href="/profile" onClick={close}>
              {t.userMenu.profile}
            </Link>
          </li>
          <li>
            <Link href="/profile_team" onClick={close}>
              {t.userMenu.team}
            </Link>
          </li>
          {isTester && (
            <li>
              <button type="button" onClick={() => dispatch(sessionActions.testerLinksToggled())}>
                {hides ? t.userMenu.testerToggleOff : t.userMenu.testerToggleOn}
              </button>
            </li>
          )}
          <li>
            <button
              type="button"
              onClick={() => {
                close();
                logout();
              }}
            >
              {t.userMenu.logout}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
