import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useAppDispatch, useAppSelector } from '../store';
import { selectIsAdmin, selectIsLoggedIn, selectIsModerator, selectIsTester } from '../store/selectors';
import { selectShowSettings } from '../store/showSettingsSlice';
import { uiActions, type Splitscreen } from '../store/uiSlice';
import { t } from '../texts';
import { ShowBrand } from './ShowBrand';
import { UserMenu } from './UserMenu';

function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const [location] = useLocation();
  return (
    <Link href={href} className="nav__link" aria-current={location === href ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/** A link to another site from the show settings; unset (empty), it is not shown. */
function ExternalItem({ href, children }: { href: string | undefined; children: ReactNode }) {
  if (!href) return null;
  return (
    <li>
      <a className="nav__link" href={href} target="_blank" rel="noreferrer">
        {children}
      </a>
    </li>
  );
}

function Dropdown({ label, children }: { label: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);
  return (
    <li className="dropdown" ref={ref} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="nav__link nav__button"
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {label} ▾
      </button>
      {open && <ul className="dropdown__menu">{children(() => setOpen(false))}</ul>}
    </li>
  );
}

function SplitscreenMenu() {
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const choose = (mode: Splitscreen, close: () => void) => {
    try {
      localStorage.setItem('splitscreen', mode);
    } catch {
      /* not remembered */
    }
    dispatch(uiActions.splitscreenSet(mode));
    navigate('/');
    close();
  };
  return (
    <Dropdown label={t.nav.splitscreenMenu}>
      {(close) => (
        <>
          <li>
            <button type="button" onClick={() => choose('noChat', close)}>
              {t.nav.splitscreenNoChat}
            </button>
          </li>
          <li>
            <button type="button" onClick={() => choose('withChat', close)}>
              {t.nav.splitscreenWithChat}
            </button>
          </li>
          <li>
            <button type="button" onClick={() => choose('off', close)}>
              {t.nav.quizOnly}
            </button>
          </li>
        </>
      )}
    </Dropdown>
  );
}

/** The navbar: the visitor links, or the player's links with the role entries and the user menu. */
export function Navbar() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const isModerator = useAppSelector(selectIsModerator);
  const isAdmin = useAppSelector(selectIsAdmin);
  const isTester = useAppSelector(selectIsTester);
  const hideNormal = useAppSelector((s) => s.session.testerHidesLinks) && isTester;
  const dispatch = useAppDispatch();
  const [menuOpen, setMenuOpen] = useState(false);
  const [location] = useLocation();
  useEffect(() => setMenuOpen(false), [location]);
  const operator = loggedIn && (isTester || isModerator || isAdmin);
  const { streamUrl, supportUrl, socialLinks } = useAppSelector(selectShowSettings);
  const social = socialLinks[0];

  return (
    <header className="topbar">
      <nav className="nav" aria-label={t.nav.mainLabel}>
        <Link href={loggedIn ? '/' : '/login'} className="brand">
          <ShowBrand />
        </Link>
        <button
          type="button"
          className="nav__toggle"
          aria-expanded={menuOpen}
          aria-controls={operator ? 'nav-links nav-operator-links' : 'nav-links'}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {t.nav.menu}
        </button>
        <ul id="nav-links" className={`nav__links ${menuOpen ? 'nav__links--open' : ''}`}>
          {!loggedIn ? (
            <>
              <li>
                <NavLink href="/about">{t.nav.contact}</NavLink>
              </li>
              <ExternalItem href={streamUrl}>{t.nav.stream}</ExternalItem>
              <li>
                <NavLink href="/special">{t.nav.special}</NavLink>
              </li>
              <ExternalItem href={social?.url}>{social?.label}</ExternalItem>
              <li>
                <NavLink href="/login">{t.nav.login}</NavLink>
              </li>
            </>
          ) : (
            <>
              {!hideNormal && <ExternalItem href={supportUrl}>{t.nav.support}</ExternalItem>}
              {!hideNormal && <ExternalItem href={streamUrl}>{t.nav.stream}</ExternalItem>}
              {!hideNormal && (
                <li>
                  <NavLink href="/special">{t.nav.special}</NavLink>
                </li>
              )}
              {!hideNormal && <ExternalItem href={social?.url}>{social?.label}</ExternalItem>}
              <li>
                <NavLink href="/">{t.nav.quiztool}</NavLink>
              </li>
              <SplitscreenMenu />
              {!isModerator && (
                <li>
                  <NavLink href="/points">{t.nav.points}</NavLink>
                </li>
              )}
              {!hideNormal && (
                <li>
                  <NavLink href="/picture">{t.nav.picture}</NavLink>
                </li>
              )}
              {!hideNormal && (
                <li>
                  <NavLink href="/about">{t.nav.contact}</NavLink>
                </li>
              )}
              {!hideNormal && (
                <li>
                  <NavLink href="/next">{t.nav.next}</NavLink>
                </li>
              )}
            </>
          )}
          <li>
            <button
              type="button"
              className="nav__link nav__button"
              onClick={() => dispatch(uiActions.helpToggled(true))}
            >
              {t.nav.help}
            </button>
          </li>
        </ul>
        {loggedIn && <UserMenu />}
        {operator && (
          // The operator pages in a row of their own, so that the bar stays two tidy rows on a laptop.
          <ul
            id="nav-operator-links"
            className={`nav__links nav__links--operator ${menuOpen ? 'nav__links--open' : ''}`}
            aria-label={t.nav.operatorLabel}
          >
            {isTester && (
              <li>
                <NavLink href="/tester">{t.nav.tester}</NavLink>
              </li>
            )}
            {isModerator && (
              <>
                <li>
                  <NavLink href="/moderator/control">{t.nav.control}</NavLink>
                </li>
                <li>
                  <NavLink href="/moderator/config">{t.nav.config}</NavLink>
                </li>
                <li>
                  <NavLink href="/moderator/picviewer">{t.nav.picviewer}</NavLink>
                </li>
                <li>
                  <NavLink href="/moderator/points">{t.nav.moderatorPoints}</NavLink>
                </li>
              </>
            )}
            {isAdmin && (
              <li>
                <NavLink href="/admin">{t.nav.admin}</NavLink>
              </li>
            )}
            {isAdmin && (
              <li>
                <NavLink href="/admin/replay">{t.nav.replay}</NavLink>
              </li>
            )}
          </ul>
        )}
      </nav>
    </header>
  );
}
