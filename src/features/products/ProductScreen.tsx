import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAppActors } from '../../app/actors-context';
import { useSubmit } from '../../app/use-submit';
import { ErrorState, LoadingState } from '../../components/DataState';
import { Notice } from '../../components/Notice';
import { PageHeading } from '../../components/PageHeading';
import { jakartaToday } from '../../lib/format';
import { productSettingsApi, productSettingsKey } from '../../lib/product-settings-api';
import { productsApi, type NewProduct, type ProductChange, type ProductDetail } from '../../lib/products-api';
import { useServerData } from '../../lib/server-data';
import { ProductFacts } from './ProductFacts';
import { ProductForm } from './ProductForm';
import { RateHistory } from './RateHistory';
import { SaveChangesDialog } from './SaveChangesDialog';
import { canManageProducts } from './product-rules';
import '../../styles/lists.css';

const LIST_PATH = '/master-data/produk';

/** Today's LPS guaranteed rate for the form's "Tidak dijamin LPS" marks; the form works without it. */
function useLpsRate(enabled: boolean): number | null {
  const settings = useServerData(enabled ? productSettingsKey : null, (signal) => productSettingsApi.get(signal));
  return settings.data?.lpsRateTodayBps ?? null;
}

/** /master-data/produk/baru: a new product (admins). */
function NewProductPage() {
  const app = useAppActors();
  const today = jakartaToday();
  const save = useSubmit();
  const lpsRate = useLpsRate(true);
  const create = async (input: NewProduct) => {
    const done = await save.submit({ create: input }, (key) => productsApi.create(input, key));
    if (!done.ok) return;
    app.notify({ type: 'success', title: `Produk ${done.answer.name} ditambahkan.` });
    app.navigate(LIST_PATH);
  };
  return (
    <>
      <PageHeading title="Tambah produk" />
      <ProductForm today={today} lpsRateBps={lpsRate} submission={save} onCreate={(input) => void create(input)} onChange={() => undefined} />
    </>
  );
}

/** An existing product: the form for an admin while it is active, its facts otherwise; its rate history below. */
function ProductPage({ id, admin }: { id: string; admin: boolean }) {
  const app = useAppActors();
  const today = jakartaToday();
  const detail = useServerData(['products', 'detail', id], (signal) => productsApi.detail(id, signal));
  const editable = admin && detail.data?.active === true;
  const lpsRate = useLpsRate(editable);
  // The page's, not the form's: a save retried after no answer keeps its key.
  const save = useSubmit();
  const [confirming, setConfirming] = useState<ProductChange | null>(null);
  // A new form after each save, so it starts again from what the server now holds.
  const [version, setVersion] = useState(0);

  if (detail.status === 'error' && !detail.data) return <ErrorState title="Produk tidak dapat dimuat." error={detail.error} onRetry={detail.reload} />;
  if (!detail.data) return <LoadingState />;
  const product: ProductDetail = detail.data;

  const confirm = async () => {
    if (!confirming) return;
    const change = confirming;
    setConfirming(null);
    const done = await save.submit(change, (key) => productsApi.update(change, key));
    if (!done.ok) {
      detail.reload();
      return;
    }
    app.notify({ type: 'success', title: `Perubahan ${done.answer.name} disimpan.` });
    setVersion((value) => value + 1);
  };

  return (
    <>
      <PageHeading title={product.name} />
      {!product.active ? (
        <Notice tone="warning" title="Produk ini nonaktif.">
          <p>Produk nonaktif tidak menerima penempatan baru dan tidak dapat diubah. Deposito ARO dan ARO+ yang masih berjalan jatuh tempo dan dicairkan, tidak diperpanjang.</p>
        </Notice>
      ) : null}
      {!admin && product.active ? (
        <Notice tone="info" title="Hanya Admin yang dapat mengubah produk.">
          <p>Anda dapat melihat data dan riwayat suku bunga produk ini.</p>
        </Notice>
      ) : null}
      {editable ? (
        <ProductForm
          key={`${product.id}:${version}`}
          product={product}
          today={today}
          lpsRateBps={lpsRate}
          submission={save}
          onCreate={() => undefined}
          onChange={setConfirming}
        />
      ) : (
        <ProductFacts product={product} />
      )}
      <RateHistory product={product} today={today} />
      {confirming ? <SaveChangesDialog product={product} change={confirming} onClose={() => setConfirming(null)} onConfirm={() => void confirm()} /> : null}
    </>
  );
}

/** /master-data/produk/baru and /master-data/produk/:id */
export default function ProductScreen() {
  const app = useAppActors();
  const role = useSelector(app.session, (snapshot) => snapshot.context.user?.role);
  const admin = canManageProducts(role);
  const { id } = useParams();
  return (
    <div className="bj-page bj-stack">
      <p className="bj-breadcrumb">
        <Link to={LIST_PATH}>Produk</Link>
      </p>
      {id ? (
        <ProductPage id={id} admin={admin} />
      ) : admin ? (
        <NewProductPage />
      ) : (
        <>
          <PageHeading title="Tambah produk" />
          <Notice tone="info" title="Halaman ini khusus Admin.">
            <p>Produk hanya dapat ditambah dan diubah oleh pengguna berperan Admin.</p>
          </Notice>
        </>
      )}
    </div>
  );
}
