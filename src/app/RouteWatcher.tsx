import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAppActors } from './actors-context';

/**
 * The root of every route: after each navigation (a new location key, even to the same path)
 * it tells the route guard which path is now shown.
 */
export function RouteWatcher() {
  const app = useAppActors();
  const { pathname, key } = useLocation();
  useEffect(() => {
    app.routeChanged(pathname);
  }, [app, pathname, key]);
  return <Outlet />;
}
