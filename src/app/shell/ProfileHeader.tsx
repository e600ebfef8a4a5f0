import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { BankLogo } from '../../components/BankLogo';
import { useServerData } from '../../lib/server-data';
import { useAppActors } from '../actors-context';
import { useSubmit } from '../use-submit';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { SIDEBAR_ID } from './Sidebar';

/**
 * The bar above the dashboard content: the menu toggle, the user's name and bank with the bank's
 * logo, "Ubah kata sandi" and "Keluar". Hidden when the host hides the navbar.
 */
export function ProfileHeader() {
  const app = useAppActors();
  const show = useSelector(app.profileHeader, (snapshot) => snapshot.context.show);
  const user = useSelector(app.session, (snapshot) => snapshot.context.user);
  const sidebarOpen = useSelector(app.sidebar, (snapshot) => snapshot.context.isOpen);
  const storedLogo = user?.bpr.logoUrl ?? null;
  // The user record may predate a logo upload: ask /profile/logo when it names none (a failure shows the initials).
  const bprId = user?.bpr.id;
  const fetchedLogo = useServerData(bprId && !storedLogo ? ['profile', 'logo', bprId] : null, () => app.api.profileLogo(), { keepPrevious: false });
  const [changingPassword, setChangingPassword] = useState(false);
  // One's own password is nothing any view reads.
  const passwordChange = useSubmit({ invalidates: [] });

  if (!show) return null;
  const logoUrl = storedLogo ?? fetchedLogo.data?.url ?? null;

  return (
    <header className="bj-header">
      <button
        type="button"
        className="bj-button bj-button--ghost bj-header__toggle"
        aria-controls={SIDEBAR_ID}
        aria-expanded={sidebarOpen}
        onClick={() => app.sidebar.send({ type: 'sidebar.toggle' })}
      >
        <span aria-hidden="true" className="bj-header__toggle-icon">☰</span>
        {sidebarOpen ? 'Sembunyikan menu' : 'Tampilkan menu'}
      </button>
      {user ? (
        <div className="bj-header__profile">
          <BankLogo bankName={user.bpr.name} url={logoUrl} />
          <div className="bj-header__who">
            <p className="bj-header__name">{user.name}</p>
            <p className="bj-header__bank">{user.bpr.name}</p>
          </div>
          <button type="button" className="bj-button bj-button--ghost" onClick={() => setChangingPassword(true)}>
            Ubah kata sandi
          </button>
          <button type="button" className="bj-button bj-button--secondary" onClick={() => app.logout()}>
            Keluar
          </button>
        </div>
      ) : null}
      {changingPassword ? <ChangePasswordDialog submission={passwordChange} onClose={() => setChangingPassword(false)} /> : null}
    </header>
  );
}
