import type { ReactNode } from 'react';
import { Link, Redirect, Route, Switch } from 'wouter';
import { ConnectionBanner } from './components/ConnectionBanner';
import { HelpDialog } from './components/HelpDialog';
import { LoadingPage } from './components/LoadingPage';
import { Navbar } from './components/Navbar';
import { Notices } from './components/Notices';
import { AdminPage } from './operator/admin/AdminPage';
import { UserRolesPage } from './operator/admin/UserRolesPage';
import { ConfigPage } from './operator/moderator/ConfigPage';
import { ControlPage } from './operator/moderator/ControlPage';
import { ModeratorPointsPage } from './operator/moderator/ModeratorPointsPage';
import { PicViewerPage } from './operator/moderator/PicViewerPage';
import { TesterPage } from './operator/tester/TesterPage';
import { IndexPage } from './player/IndexPage';
import { PicturePage } from './player/PicturePage';
import { PointsPage } from './player/PointsPage';
import { ProfilePage } from './player/ProfilePage';
import { TeamEditPage } from './player/TeamEditPage';
import { GrussPage } from './public/GrussPage';
import { ReplayPage } from './replay/ReplayPage';
import { AboutPage, ChangelogPage, NextPage, SpecialPage } from './public/InfoPages';
import { InvitePage, QrLoginPage } from './public/LinkRoutes';
import { LoginPage, RegisterPage } from './public/LoginPages';
import { QrTeamPage } from './public/QrTeamPage';
import { useAppSelector } from './store';
import { selectIsAdmin, selectIsLoggedIn, selectIsModerator, selectIsTester } from './store/selectors';
import { t } from './texts';

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

/** Operator screens read the live state from the start: loading page until the first snapshot. */
function WhenLive({ children }: { children: ReactNode }) {
  const loaded = useAppSelector((s) => s.live.loaded);
  return loaded ? <>{children}</> : <LoadingPage />;
}

function NotFound() {
  return (
    <div className="page page--narrow">
      <section className="card">
        <h1>{t.notFound.heading}</h1>
        <Link href="/" className="button">{t.notFound.back}</Link>
      </section>
    </div>
  );
}

function Routes() {
  const isModerator = useAppSelector(selectIsModerator);
  const isTester = useAppSelector(selectIsTester);
  const isAdmin = useAppSelector(selectIsAdmin);
  return (
    <Switch>
      <Route path="/register"><GuestOnly><RegisterPage /></GuestOnly></Route>
      <Route path="/login"><GuestOnly><LoginPage /></GuestOnly></Route>
      <Route path="/about" component={AboutPage} />
      <Route path="/changelog" component={ChangelogPage} />
      <Route path="/invite" component={InvitePage} />
      <Route path="/next" component={NextPage} />
      <Route path="/loading" component={LoadingPage} />
      <Route path="/gruss" component={GrussPage} />
      <Route path="/special" component={SpecialPage} />
      <Route path="/team" component={QrTeamPage} />
      <Route path="/qrlogin" component={QrLoginPage} />

      <Route path="/"><RequireAuth><IndexPage /></RequireAuth></Route>
      <Route path="/profile_team"><RequireAuth><TeamEditPage /></RequireAuth></Route>
      <Route path="/points"><RequireAuth><PointsPage /></RequireAuth></Route>
      <Route path="/profile"><RequireAuth><ProfilePage /></RequireAuth></Route>
      <Route path="/picture"><RequireAuth><PicturePage /></RequireAuth></Route>
      <Route path="/tester"><RequireRole allowed={isTester}><WhenLive><TesterPage /></WhenLive></RequireRole></Route>
      <Route path="/admin/replay"><RequireRole allowed={isAdmin}><ReplayPage /></RequireRole></Route>
      <Route path="/admin/users"><RequireRole allowed={isAdmin}><UserRolesPage /></RequireRole></Route>
      <Route path="/admin"><RequireRole allowed={isAdmin}><WhenLive><AdminPage /></WhenLive></RequireRole></Route>
      <Route path="/moderator/control"><RequireRole allowed={isModerator}><WhenLive><ControlPage /></WhenLive></RequireRole></Route>
      <Route path="/moderator/config"><RequireRole allowed={isModerator}><WhenLive><ConfigPage /></WhenLive></RequireRole></Route>
      <Route path="/moderator/points"><RequireRole allowed={isModerator}><WhenLive><ModeratorPointsPage /></WhenLive></RequireRole></Route>
      <Route path="/moderator/picviewer"><RequireRole allowed={isModerator}><WhenLive><PicViewerPage /></WhenLive></RequireRole></Route>
      <Route component={NotFound} />
    </Switch>
  );
}

export function App() {
  return (
    <>
      <a className="skip-link" href="#main">{t.app.skipToContent}</a>
      <Navbar />
      <ConnectionBanner />
      <Notices />
      <main id="main" className="main" tabIndex={-1}>
        <Routes />
      </main>
      <HelpDialog />
    </>
  );
}
