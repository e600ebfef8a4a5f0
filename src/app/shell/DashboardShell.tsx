import { useSelector } from '@xstate/react';
import type { MouseEvent } from 'react';
import { Outlet } from 'react-router-dom';
import { useAppActors } from '../actors-context';
import { ProfileHeader } from './ProfileHeader';
import { Sidebar } from './Sidebar';

const CONTENT_ID = 'konten';

/**
 * The first stop of the keyboard: "Langsung ke konten utama" skips the menu and the header. It
 * moves focus itself rather than following `#konten`, which would add a location the router (and
 * the route guard's token check) would see as a navigation.
 */
function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const content = document.getElementById(CONTENT_ID);
    content?.focus();
    content?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a className="bj-skip-link" href={`#${CONTENT_ID}`} onClick={skip}>
      Langsung ke konten utama
    </a>
  );
}

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
      <SkipLink />
      <Sidebar />
      <div className="bj-shell__main">
        <ProfileHeader />
        <main className="bj-shell__content" id={CONTENT_ID} tabIndex={-1}>
          {hasUser ? <Outlet /> : null}
        </main>
      </div>
    </div>
  );
}
