import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { LoadingPage } from '../components/LoadingPage';
import { readFragmentToken, TEAM_TOKEN_KEY, USER_TOKEN_KEY } from '../logic/links';
import { login, setTokenForTeam } from '../session';
import { useAppDispatch, useAppSelector } from '../store';
import { uiActions } from '../store/uiSlice';
import { t } from '../texts';

function clearFragment() {
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
}

/** invite#teamToken=…: stores the team token in the session, clears the fragment, goes to the quiz. */
export function InvitePage() {
  const [, navigate] = useLocation();
  const stored = useAppSelector((s) => s.session.tokenForTeam);
  const dispatch = useAppDispatch();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const token = readFragmentToken(window.location.hash, TEAM_TOKEN_KEY);
    if (token) setTokenForTeam(token);
    else if (!stored) dispatch(uiActions.noticeAdded(t.links.badlyFormatted));
    clearFragment();
    navigate('/', { replace: true });
  }, [navigate, stored, dispatch]);
  return <LoadingPage />;
}

/** qrlogin#userToken=…: logs in with the one-time token, then goes to the quiz. */
export function QrLoginPage() {
  const [, navigate] = useLocation();
  const dispatch = useAppDispatch();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const token = readFragmentToken(window.location.hash, USER_TOKEN_KEY);
    clearFragment();
    if (!token) {
      dispatch(uiActions.noticeAdded(t.links.badlyFormatted));
      navigate('/', { replace: true });
      return;
    }
    login({ token })
      .catch(() => dispatch(uiActions.noticeAdded(t.links.qrloginFailed)))
      .finally(() => navigate('/', { replace: true }));
  }, [navigate, dispatch]);
  return <LoadingPage />;
}
