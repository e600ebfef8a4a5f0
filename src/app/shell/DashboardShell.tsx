import { useSelector } from '@xstate/react';
import { Outlet } from 'react-router-dom';
import { useAppActors } from '../actors-context';
import { ProfileHeader } from './ProfileHeader';
import { Sidebar } from './Sidebar';

/**
 * Every path that is not a public screen: sidebar, profile header and the screen of the path.
 * The screen appears once the session has a user; until then the boot overlay covers the page
 * and a failed check leads to /login.
 */
export default function DashboardShell() {
  const { session } = useAppActors();
  const hasUser = useSelector(session, (snapshot) => snapshot.context.user !== null);
  return (
    <div className="bj-shell">
      <Sidebar />
      <div className="bj-shell__main">
        <ProfileHeader />
        <main className="bj-shell__content" id="konten">
          {hasUser ? <Outlet /> : null}
        </main>
      </div>
    </div>
  );
}
