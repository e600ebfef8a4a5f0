import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { ROUTES } from '../../machines/routes';
import { LazyScreen } from './ScreenLoading';
import { RouteWatcher } from './RouteWatcher';
import { COMING_SOON_PAGES } from './shell/menu';

// Every screen is its own chunk, fetched the first time its route is shown.
const LoginScreen = lazy(() => import('../features/auth/LoginScreen'));
const ForgotPasswordScreen = lazy(() => import('../features/auth/ForgotPasswordScreen'));
const ResetPasswordScreen = lazy(() => import('../features/auth/ResetPasswordScreen'));
const ChangeExpiredPasswordScreen = lazy(() => import('../features/auth/ChangeExpiredPasswordScreen'));
const RegistrationScreen = lazy(() => import('../features/auth/RegistrationScreen'));
const PrivyReturnScreen = lazy(() => import('../features/signature/PrivyReturnScreen'));
const DashboardShell = lazy(() => import('./shell/DashboardShell'));
const HomeScreen = lazy(() => import('../features/home/HomeScreen'));
const BankProfileScreen = lazy(() => import('../features/bank/BankProfileScreen'));
const ComingSoonScreen = lazy(() => import('../features/coming-soon/ComingSoonScreen'));
const NotFoundScreen = lazy(() => import('../features/coming-soon/NotFoundScreen'));

/** The route table of product spec section 2 and UI.md; the dashboard shell takes every other path. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RouteWatcher />,
      children: [
        { path: ROUTES.login, element: <LazyScreen screen={LoginScreen} /> },
        { path: ROUTES.forgotPassword, element: <LazyScreen screen={ForgotPasswordScreen} /> },
        { path: ROUTES.resetPassword, element: <LazyScreen screen={ResetPasswordScreen} /> },
        { path: ROUTES.changePasswordExpired, element: <LazyScreen screen={ChangeExpiredPasswordScreen} /> },
        { path: ROUTES.registration, element: <LazyScreen screen={RegistrationScreen} /> },
        { path: ROUTES.privySignature, element: <LazyScreen screen={PrivyReturnScreen} /> },
        {
          element: <LazyScreen screen={DashboardShell} />,
          children: [
            { path: '/', element: <Navigate to={ROUTES.home} replace /> },
            { path: ROUTES.home, element: <LazyScreen screen={HomeScreen} /> },
            { path: '/bank/profil', element: <LazyScreen screen={BankProfileScreen} /> },
            ...COMING_SOON_PAGES.map((page) => ({ path: page.path, element: <LazyScreen screen={ComingSoonScreen} /> })),
            { path: '*', element: <LazyScreen screen={NotFoundScreen} /> },
          ],
        },
      ],
    },
  ];
}
