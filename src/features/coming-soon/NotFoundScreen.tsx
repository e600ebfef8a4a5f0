import { Link } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading';

/** A path inside the dashboard that no screen answers. */
export default function NotFoundScreen() {
  return (
    <div className="bj-page">
      <PageHeading title="Halaman tidak ditemukan" />
      <section className="bj-card">
        <p>Alamat yang Anda buka tidak ada di Berjangka. Periksa kembali alamatnya atau pilih menu di samping.</p>
        <p>
          <Link to="/home">Kembali ke Beranda</Link>
        </p>
      </section>
    </div>
  );
}
