import { StatusBadge } from '../../components/StatusBadge';
import type { Product } from '../../lib/products-api';

/** Whether a product takes placements (Aktif/Nonaktif) and whether customers see it on the platform (Tampil/Tersembunyi). */
export function ProductStatusBadges({ product }: { product: Pick<Product, 'active' | 'visible'> }) {
  return (
    <>
      <StatusBadge label={product.active ? 'Aktif' : 'Nonaktif'} tone={product.active ? 'success' : 'neutral'} />
      <StatusBadge label={product.visible ? 'Tampil' : 'Tersembunyi'} tone={product.visible ? 'info' : 'neutral'} />
    </>
  );
}
