import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { ROUTES } from '../../machines/routes';
import { LazyScreen } from './ScreenLoading';
import { RouteError } from './RouteError';
import { RouteWatcher } from './RouteWatcher';

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
const BalanceSheetScreen = lazy(() => import('../features/bank/BalanceSheetScreen'));
const DepositListScreen = lazy(() => import('../features/deposits/DepositListScreen'));
const DepositDetailScreen = lazy(() => import('../features/deposits/DepositDetailScreen'));
const PlacementScreen = lazy(() => import('../features/deposits/placement/PlacementScreen'));
const DepositImportScreen = lazy(() => import('../features/deposits/import/DepositImportScreen'));
const MonthlyInterestScreen = lazy(() => import('../features/interest/MonthlyInterestScreen'));
const DisbursementsScreen = lazy(() => import('../features/disbursements/DisbursementsScreen'));
const DocumentWorkScreen = lazy(() => import('../features/deposits/documents/DocumentWorkScreen'));
const DueScreen = lazy(() => import('../features/due/DueScreen'));
const CustomersScreen = lazy(() => import('../features/customers/CustomersScreen'));
const CustomerDetailScreen = lazy(() => import('../features/customers/CustomerDetailScreen'));
const CustomerFormScreen = lazy(() => import('../features/customers/CustomerFormScreen'));
const ChangeRequestsScreen = lazy(() => import('../features/change-requests/ChangeRequestsScreen'));
const HoldsScreen = lazy(() => import('../features/holds/HoldsScreen'));
const UsersScreen = lazy(() => import('../features/users/UsersScreen'));
const ProductsScreen = lazy(() => import('../features/products/ProductsScreen'));
const ProductScreen = lazy(() => import('../features/products/ProductScreen'));
const ProductSettingsScreen = lazy(() => import('../features/products/ProductSettingsScreen'));
const InvoicesScreen = lazy(() => import('../features/invoices/InvoicesScreen'));
const InvoiceDetailScreen = lazy(() => import('../features/invoices/InvoiceDetailScreen'));
const ReportsScreen = lazy(() => import('../features/reports/ReportsScreen'));
const JournalScreen = lazy(() => import('../features/ledger/JournalScreen'));
const AccountMappingScreen = lazy(() => import('../features/ledger/AccountMappingScreen'));
const NotFoundScreen = lazy(() => import('../features/coming-soon/NotFoundScreen'));

/**
 * The route table of product spec section 2 and UI.md; the dashboard shell takes every other path.
 * Each screen's boundary has its own key: the router navigates inside a transition, and React
 * would otherwise keep the previous screen on view (no fallback, no overlay) while the next loads.
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RouteWatcher />,
      errorElement: <RouteError />,
      children: [
        { path: ROUTES.login, element: <LazyScreen key="LoginScreen" screen={LoginScreen} /> },
        { path: ROUTES.forgotPassword, element: <LazyScreen key="ForgotPasswordScreen" screen={ForgotPasswordScreen} /> },
        { path: ROUTES.resetPassword, element: <LazyScreen key="ResetPasswordScreen" screen={ResetPasswordScreen} /> },
        { path: ROUTES.changePasswordExpired, element: <LazyScreen key="ChangeExpiredPasswordScreen" screen={ChangeExpiredPasswordScreen} /> },
        { path: ROUTES.registration, element: <LazyScreen key="RegistrationScreen" screen={RegistrationScreen} /> },
        { path: ROUTES.privySignature, element: <LazyScreen key="PrivyReturnScreen" screen={PrivyReturnScreen} /> },
        {
          element: <LazyScreen key="DashboardShell" screen={DashboardShell} />,
          children: [
            { path: '/', element: <Navigate to={ROUTES.home} replace /> },
            { path: ROUTES.home, element: <LazyScreen key="HomeScreen" screen={HomeScreen} /> },
            { path: '/bank/profil', element: <LazyScreen key="BankProfileScreen" screen={BankProfileScreen} /> },
            { path: '/bank/neraca', element: <LazyScreen key="BalanceSheetScreen" screen={BalanceSheetScreen} /> },
            { path: '/bank/laporan', element: <LazyScreen key="ReportsScreen" screen={ReportsScreen} /> },
            { path: '/bank/jurnal', element: <LazyScreen key="JournalScreen" screen={JournalScreen} /> },
            { path: '/bank/pemetaan-akun', element: <LazyScreen key="AccountMappingScreen" screen={AccountMappingScreen} /> },
            { path: '/deposito', element: <LazyScreen key="DepositListScreen" screen={DepositListScreen} /> },
            { path: '/deposito/baru', element: <LazyScreen key="PlacementScreen" screen={PlacementScreen} /> },
            { path: '/deposito/impor', element: <LazyScreen key="DepositImportScreen" screen={DepositImportScreen} /> },
            { path: '/deposito/proses', element: <LazyScreen key="DocumentWorkScreen" screen={DocumentWorkScreen} /> },
            { path: '/deposito/bunga', element: <LazyScreen key="MonthlyInterestScreen" screen={MonthlyInterestScreen} /> },
            { path: '/deposito/pencairan', element: <LazyScreen key="DisbursementsScreen" screen={DisbursementsScreen} /> },
            { path: '/deposito/jatuh-tempo', element: <LazyScreen key="DueScreen" screen={DueScreen} /> },
            { path: '/deposito/perubahan', element: <LazyScreen key="ChangeRequestsScreen" screen={ChangeRequestsScreen} /> },
            { path: '/deposito/blokir', element: <LazyScreen key="HoldsScreen" screen={HoldsScreen} /> },
            { path: '/nasabah', element: <LazyScreen key="CustomersScreen" screen={CustomersScreen} /> },
            // One screen for a new customer and a kept one's change; the static 'baru' outranks ':id'.
            { path: '/nasabah/baru', element: <LazyScreen key="CustomerFormScreen" screen={CustomerFormScreen} /> },
            { path: '/nasabah/:id/ubah', element: <LazyScreen key="CustomerFormScreen" screen={CustomerFormScreen} /> },
            { path: '/nasabah/:id', element: <LazyScreen key="CustomerDetailScreen" screen={CustomerDetailScreen} /> },
            { path: '/master-data/pengguna', element: <LazyScreen key="UsersScreen" screen={UsersScreen} /> },
            { path: '/master-data/produk', element: <LazyScreen key="ProductsScreen" screen={ProductsScreen} /> },
            // One screen for a new product and an existing one; the static 'baru' outranks ':id'.
            { path: '/master-data/produk/baru', element: <LazyScreen key="ProductScreen" screen={ProductScreen} /> },
            { path: '/master-data/produk/:id', element: <LazyScreen key="ProductScreen" screen={ProductScreen} /> },
            { path: '/master-data/pengaturan-produk', element: <LazyScreen key="ProductSettingsScreen" screen={ProductSettingsScreen} /> },
            { path: '/bank/tagihan', element: <LazyScreen key="InvoicesScreen" screen={InvoicesScreen} /> },
            { path: '/bank/tagihan/:id', element: <LazyScreen key="InvoiceDetailScreen" screen={InvoiceDetailScreen} /> },
            { path: '/deposito/:id', element: <LazyScreen key="DepositDetailScreen" screen={DepositDetailScreen} /> },
            { path: '*', element: <LazyScreen key="NotFoundScreen" screen={NotFoundScreen} /> },
          ],
        },
      ],
    },
  ];
}
