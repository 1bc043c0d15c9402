import { Component, startTransition, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import { ConnectionBanner } from './components/ConnectionBanner';
import { HelpDialog } from './components/HelpDialog';
import { LoadingPage } from './components/LoadingPage';
import { Navbar } from './components/Navbar';
import { Notices } from './components/Notices';
import { onDemand, type LoadsOnDemand } from './onDemand';
import { LoginPage, RegisterPage } from './public/LoginPages';
import { holdsScopes } from './realtime/client';
import { realtime } from './realtime/connection';
import { scopesOfPath } from './realtime/screenScopes';
import { useAppSelector } from './store';
import { selectIsAdmin, selectIsLoggedIn, selectIsModerator, selectIsTester } from './store/selectors';
import { t } from './texts';

// Screens load on demand (onDemand.tsx): the first load carries only the login and what every screen needs.
const AdminPage = onDemand(() => import('./operator/admin/AdminPage'), 'AdminPage');
const UserRolesPage = onDemand(() => import('./operator/admin/UserRolesPage'), 'UserRolesPage');
const ConfigPage = onDemand(() => import('./operator/moderator/ConfigPage'), 'ConfigPage');
const ControlPage = onDemand(() => import('./operator/moderator/ControlPage'), 'ControlPage');
const ModeratorPointsPage = onDemand(() => import('./operator/moderator/ModeratorPointsPage'), 'ModeratorPointsPage');
const PicViewerPage = onDemand(() => import('./operator/moderator/PicViewerPage'), 'PicViewerPage');
const TesterPage = onDemand(() => import('./operator/tester/TesterPage'), 'TesterPage');
const ReplayPage = onDemand(() => import('./replay/ReplayPage'), 'ReplayPage');
const IndexPage = onDemand(() => import('./player/IndexPage'), 'IndexPage');
const PicturePage = onDemand(() => import('./player/PicturePage'), 'PicturePage');
const PointsPage = onDemand(() => import('./player/PointsPage'), 'PointsPage');
const ProfilePage = onDemand(() => import('./player/ProfilePage'), 'ProfilePage');
const TeamEditPage = onDemand(() => import('./player/TeamEditPage'), 'TeamEditPage');
const GrussPage = onDemand(() => import('./public/GrussPage'), 'GrussPage');
const AboutPage = onDemand(() => import('./public/InfoPages'), 'AboutPage');
const ChangelogPage = onDemand(() => import('./public/InfoPages'), 'ChangelogPage');
const NextPage = onDemand(() => import('./public/InfoPages'), 'NextPage');
const SpecialPage = onDemand(() => import('./public/InfoPages'), 'SpecialPage');
const InvitePage = onDemand(() => import('./public/LinkRoutes'), 'InvitePage');
const QrLoginPage = onDemand(() => import('./public/LinkRoutes'), 'QrLoginPage');
const QrTeamPage = onDemand(() => import('./public/QrTeamPage'), 'QrTeamPage');
const PasswordResetPage = onDemand(() => import('./public/PasswordResetPage'), 'PasswordResetPage');
const ImprintPage = onDemand(() => import('./public/LegalPages'), 'ImprintPage');
const PrivacyPage = onDemand(() => import('./public/LegalPages'), 'PrivacyPage');

/** A screen whose chunk did not load (twice, or without a new release): said, with a reload, instead of an empty page. */
class ScreenLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page page--narrow">
        <section className="card" role="alert">
          <p>{t.app.screenFailed}</p>
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            {t.app.reload}
          </button>
        </section>
      </div>
    );
  }
}

/** auth: a valid session, else login. */
function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return loggedIn ? <>{children}</> : <Redirect to="/login" replace />;
}

/** login and register: logged-in users go to auth. */
function GuestOnly({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return loggedIn ? <Redirect to="/" replace /> : <>{children}</>;
}

/** A role route inside auth: without the role, back to auth. */
function RequireRole({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  return <RequireAuth>{allowed ? children : <Redirect to="/" replace />}</RequireAuth>;
}

type ScreenPart = ComponentType & LoadsOnDemand;

/**
 * Whether a screen's code is there; asks for it at once. A screen waits on the loading page until then
 * instead of suspending: React reveals suspended content no sooner than 300 ms after its fallback
 * showed, however soon the code arrives.
 */
function useScreenCode(screen: ScreenPart): boolean {
  // The route's element may stay while its screen changes (another operator screen): the state is which one came.
  const [, setCame] = useState<ScreenPart | null>(null);
  const loaded = screen.isLoaded();
  useEffect(() => {
    // A transition: the screen's first render yields to the page every few milliseconds (no long task).
    if (!loaded) void screen.preload().then(() => startTransition(() => setCame(() => screen)));
  }, [screen, loaded]);
  return loaded;
}

/** A screen loaded on demand: the loading page until its code is there. */
function OnDemandScreen({ screen: Screen }: { screen: ScreenPart }) {
  return useScreenCode(Screen) ? <Screen /> : <LoadingPage />;
}

/**
 * Operator screens read the live state from the start: loading page until a snapshot with the views the
 * screen shows, and its code, which loads meanwhile beside the socket.
 */
function WhenLive({ screen: Screen }: { screen: ScreenPart }) {
  const [path] = useLocation();
  const loaded = useAppSelector((s) => s.live.loaded && holdsScopes(s.live.scopes, scopesOfPath(path)));
  return useScreenCode(Screen) && loaded ? <Screen /> : <LoadingPage />;
}

function NotFound() {
  return (
    <div className="page page--narrow">
      <section className="card">
        <h1>{t.notFound.heading}</h1>
        <Link href="/" className="button">
          {t.notFound.back}
        </Link>
      </section>
    </div>
  );
}

function Routes() {
  const [path] = useLocation();
  useEffect(() => realtime.screenChanged(), [path]);
  const isModerator = useAppSelector(selectIsModerator);
  const isTester = useAppSelector(selectIsTester);
  const isAdmin = useAppSelector(selectIsAdmin);
  return (
    <Switch>
      <Route path="/register">
        <GuestOnly>
          <RegisterPage />
        </GuestOnly>
      </Route>
      <Route path="/login">
        <GuestOnly>
          <LoginPage />
        </GuestOnly>
      </Route>
      <Route path="/about" component={AboutPage} />
      <Route path="/changelog" component={ChangelogPage} />
      <Route path="/invite" component={InvitePage} />
      <Route path="/next" component={NextPage} />
      <Route path="/loading" component={LoadingPage} />
      <Route path="/gruss" component={GrussPage} />
      <Route path="/special" component={SpecialPage} />
      <Route path="/team" component={QrTeamPage} />
      <Route path="/qrlogin" component={QrLoginPage} />
      <Route path="/passwort-neu" component={PasswordResetPage} />
      <Route path="/impressum" component={ImprintPage} />
      <Route path="/datenschutz" component={PrivacyPage} />

      <Route path="/">
        <RequireAuth>
          <OnDemandScreen screen={IndexPage} />
        </RequireAuth>
      </Route>
      <Route path="/profile_team">
        <RequireAuth>
          <OnDemandScreen screen={TeamEditPage} />
        </RequireAuth>
      </Route>
      <Route path="/points">
        <RequireAuth>
          <OnDemandScreen screen={PointsPage} />
        </RequireAuth>
      </Route>
      <Route path="/profile">
        <RequireAuth>
          <OnDemandScreen screen={ProfilePage} />
        </RequireAuth>
      </Route>
      <Route path="/picture">
        <RequireAuth>
          <OnDemandScreen screen={PicturePage} />
        </RequireAuth>
      </Route>
      <Route path="/tester">
        <RequireRole allowed={isTester}>
          <WhenLive screen={TesterPage} />
        </RequireRole>
      </Route>
      <Route path="/admin/replay">
        <RequireRole allowed={isAdmin}>
          <OnDemandScreen screen={ReplayPage} />
        </RequireRole>
      </Route>
      <Route path="/admin/users">
        <RequireRole allowed={isAdmin}>
          <OnDemandScreen screen={UserRolesPage} />
        </RequireRole>
      </Route>
      <Route path="/admin">
        <RequireRole allowed={isAdmin}>
          <WhenLive screen={AdminPage} />
        </RequireRole>
      </Route>
      <Route path="/moderator/control">
        <RequireRole allowed={isModerator}>
          <WhenLive screen={ControlPage} />
        </RequireRole>
      </Route>
      <Route path="/moderator/config">
        <RequireRole allowed={isModerator}>
          <WhenLive screen={ConfigPage} />
        </RequireRole>
      </Route>
      <Route path="/moderator/points">
        <RequireRole allowed={isModerator}>
          <WhenLive screen={ModeratorPointsPage} />
        </RequireRole>
      </Route>
      <Route path="/moderator/picviewer">
        <RequireRole allowed={isModerator}>
          <WhenLive screen={PicViewerPage} />
        </RequireRole>
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}

export function App() {
  return (
    <>
      <a className="skip-link" href="#main">
        {t.app.skipToContent}
      </a>
      <Navbar />
      <ConnectionBanner />
      <Notices />
      <main id="main" className="main" tabIndex={-1}>
        <ScreenLoadBoundary>
          <Suspense fallback={<LoadingPage />}>
            <Routes />
          </Suspense>
        </ScreenLoadBoundary>
      </main>
      <footer className="site-footer">
        <Link href="/impressum">{t.legal.imprint}</Link> <Link href="/datenschutz">{t.legal.privacy}</Link>
      </footer>
      <HelpDialog />
    </>
  );
}
