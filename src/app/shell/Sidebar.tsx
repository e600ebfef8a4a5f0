import { useSelector } from '@xstate/react';
import { NavLink } from 'react-router-dom';
import { useAppActors } from '../actors-context';
import { isMenuGroup, menuFor, type MenuLink } from './menu';

export const SIDEBAR_ID = 'bj-sidebar';

function MenuItem({ link }: { link: MenuLink }) {
  return (
    <li>
      <NavLink to={link.path} end className={({ isActive }) => (isActive ? 'bj-nav__link bj-nav__link--active' : 'bj-nav__link')}>
        {link.label}
      </NavLink>
    </li>
  );
}

/** The dashboard's menu (UI.md) for the signed-in user's role. Hidden entirely when the host hides the navbar; collapsed when closed. */
export function Sidebar() {
  const { sidebar, session } = useAppActors();
  const { isOpen, show } = useSelector(sidebar, (snapshot) => snapshot.context);
  const role = useSelector(session, (snapshot) => snapshot.context.user?.role);
  if (!show) return null;
  return (
    <aside id={SIDEBAR_ID} className="bj-sidebar" data-open={isOpen} hidden={!isOpen}>
      <div className="bj-sidebar__inner">
        <p className="bj-sidebar__brand">
          <span className="bj-sidebar__brand-mark" aria-hidden="true">B</span>
          Berjangka
        </p>
        <nav aria-label="Menu utama" className="bj-nav">
          <ul className="bj-nav__list">
            {menuFor(role).map((entry) =>
              isMenuGroup(entry) ? (
                <li key={entry.label} className="bj-nav__group">
                  <p className="bj-nav__group-label" id={`menu-${entry.label}`}>
                    {entry.label}
                  </p>
                  <ul className="bj-nav__list" aria-labelledby={`menu-${entry.label}`}>
                    {entry.links.map((link) => (
                      <MenuItem key={link.path} link={link} />
                    ))}
                  </ul>
                </li>
              ) : (
                <MenuItem key={entry.path} link={entry} />
              ),
            )}
          </ul>
        </nav>
      </div>
    </aside>
  );
}
