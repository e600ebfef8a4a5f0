import { Link } from 'react-router-dom';

/** A path inside the dashboard that no screen answers. */
export default function NotFoundScreen() {
  return (
    <div className="bj-page">
      <h1 className="bj-page__title">Halaman tidak ditemukan</h1>
      <section className="bj-card">
        <p>Alamat yang Anda buka tidak ada di Berjangka. Periksa kembali alamatnya atau pilih menu di samping.</p>
        <p>
          <Link to="/home">Kembali ke Beranda</Link>
        </p>
      </section>
    </div>
  );
}
