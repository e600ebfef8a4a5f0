import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAppActors } from './actors-context';

/**
 * The root of every route: after each navigation (a new location key, even to the same path)
 * it tells the route guard which location is now shown, with its query and fragment so a login
 * can come back to it.
 */
export function RouteWatcher() {
  const app = useAppActors();
  const { pathname, search, hash, key } = useLocation();
  useEffect(() => {
    app.routeChanged(`${pathname}${search}${hash}`);
  }, [app, pathname, search, hash, key]);
  return <Outlet />;
}
