import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { AuthLayout } from '../components/AuthLayout';
import { Notice } from '../components/Notice';

/**
 * What a person sees when a screen cannot be shown (most often its code failed to download after
 * a new release or on a broken connection): an Indonesian explanation and a way to try again.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AuthLayout title={notFound ? 'Halaman tidak ditemukan' : 'Halaman gagal dimuat'}>
      <Notice tone="danger" title="Terjadi kesalahan.">
        <p>
          {notFound
            ? 'Alamat yang Anda buka tidak ada di Berjangka.'
            : 'Halaman ini tidak dapat ditampilkan. Periksa koneksi Anda, lalu muat ulang halaman.'}
        </p>
      </Notice>
      <p>
        <button type="button" className="bj-button bj-button--primary" onClick={() => window.location.reload()}>
          Muat ulang
        </button>
      </p>
    </AuthLayout>
  );
}
