import { Link, useLocation } from 'react-router-dom';
import { COMING_SOON_PAGES } from '../../app/shell/menu';
import { PageHeading } from '../../components/PageHeading';

/** A menu entry whose screen comes in a later release: its name, a "Segera hadir" mark, what it will do. */
export default function ComingSoonScreen() {
  const { pathname } = useLocation();
  const page = COMING_SOON_PAGES.find((entry) => entry.path === pathname.replace(/\/+$/, ''));
  return (
    <div className="bj-page">
      <PageHeading title={page?.label ?? 'Segera hadir'} />
      <section className="bj-card bj-coming-soon">
        <p className="bj-badge">Segera hadir</p>
        <p>Layar ini sedang kami siapkan. {page ? `Nantinya: ${page.comingSoon}` : ''}</p>
        <p>
          <Link to="/home">Kembali ke Beranda</Link>
        </p>
      </section>
    </div>
  );
}
