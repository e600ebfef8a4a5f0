import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppActors } from '../../app/actors-context';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FilterForm } from '../../components/FilterForm';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { PageHeading } from '../../components/PageHeading';
import { StatusBadge } from '../../components/StatusBadge';
import { interestPaymentLabels } from '../../lib/deposit-labels';
import { formatRupiah } from '../../lib/format';
import { productsApi, type Product } from '../../lib/products-api';
import { useQueryState } from '../../lib/use-query-state';
import { useServerData } from '../../lib/server-data';
import { useSubmit } from '../../app/use-submit';
import { ProductStatusBadges } from './ProductStatusBadges';
import { TenorRates } from './TenorRates';
import { activeFilter, canManageProducts, nextRatesText, PRODUCT_LIST_DEFAULTS, PRODUCT_STATUS_OPTIONS, productActionCopy, tenorSummary, wholeList, type ProductAction } from './product-rules';
import '../../styles/lists.css';

const productPath = (product: Pick<Product, 'id'>) => `/master-data/produk/${encodeURIComponent(product.id)}`;

/** The columns every user sees; an admin's row actions are added after them. */
const columns: DataColumn<Product>[] = [
  {
    key: 'product',
    header: 'Produk',
    wrap: true,
    cell: (product) => (
      <span className="bj-lines">
        <Link to={productPath(product)}>{product.name}</Link>
        <span className="bj-lines__quiet">{product.code}</span>
      </span>
    ),
  },
  { key: 'interest', header: 'Bunga dibayar', wrap: true, cell: (product) => interestPaymentLabels[product.interestPayment] },
  {
    key: 'rates',
    header: 'Tenor & suku bunga',
    wrap: true,
    cell: (product) => {
      const next = nextRatesText(product);
      return (
        <span className="bj-lines">
          <TenorRates tenors={product.tenors} />
          {next ? <span className="bj-lines__quiet">{next}</span> : null}
          {product.lpsFlag ? (
            <span>
              <StatusBadge label="Tidak dijamin LPS" tone="danger" />
            </span>
          ) : null}
        </span>
      );
    },
  },
  {
    key: 'amount',
    header: 'Nominal',
    numeric: true,
    cell: (product) => (
      <span className="bj-lines">
        <span>{formatRupiah(product.minAmount)}</span>
        <span className="bj-lines__quiet">s.d. {product.maxAmount === null ? 'tanpa batas' : formatRupiah(product.maxAmount)}</span>
      </span>
    ),
  },
  { key: 'running', header: 'Deposito berjalan', numeric: true, cell: (product) => product.runningDeposits.toLocaleString('id-ID') },
  { key: 'status', header: 'Status', wrap: true, cell: (product) => <ProductStatusBadges product={product} /> },
];

/** /master-data/produk: the bank's deposit products; an admin adds, changes, shows or hides and retires them. */
export default function ProductsScreen() {
  const app = useAppActors();
  const role = useSelector(app.session, (snapshot) => snapshot.context.user?.role);
  const admin = canManageProducts(role);
  const [state, update] = useQueryState(PRODUCT_LIST_DEFAULTS);
  const active = activeFilter(state.active);
  const query = { q: state.q, active };
  // The list as one page (the server answers it whole), under its own key.
  const list = useServerData(['products', 'whole-list', query], async (signal) => wholeList(await productsApi.list(query, signal)));
  // The screen's, not the dialog's: a change retried after no answer keeps its key even if its dialog was reopened.
  const change = useSubmit();
  const [action, setAction] = useState<ProductAction | null>(null);

  const confirmAction = async () => {
    if (!action) return;
    const { id } = action.product;
    const done = await (action.kind === 'deactivate'
      ? change.submit({ deactivate: id }, (key) => productsApi.deactivate(id, key))
      : change.submit({ id, visible: action.visible }, (key) => productsApi.setVisibility(id, action.visible, key)));
    if (!done.ok) return;
    app.notify({ type: 'success', title: productActionCopy(action).success });
    setAction(null);
  };

  const actionsColumn: DataColumn<Product> = {
    key: 'actions',
    header: 'Aksi',
    cell: (product) => (
      <span className="bj-row-actions bj-row-actions--stacked">
        <Link className="bj-button bj-button--secondary" to={productPath(product)} aria-label={`${product.active ? 'Ubah' : 'Lihat'} ${product.name}`}>
          {product.active ? 'Ubah' : 'Lihat'}
        </Link>
        <button
          type="button"
          className="bj-button bj-button--secondary"
          aria-label={`${product.visible ? 'Sembunyikan' : 'Tampilkan'} ${product.name}`}
          onClick={() => setAction({ kind: 'visibility', product, visible: !product.visible })}
        >
          {product.visible ? 'Sembunyikan' : 'Tampilkan'}
        </button>
        {product.active ? (
          <button type="button" className="bj-button bj-button--secondary" aria-label={`Nonaktifkan ${product.name}`} onClick={() => setAction({ kind: 'deactivate', product })}>
            Nonaktifkan
          </button>
        ) : null}
      </span>
    ),
  };

  return (
    <div className="bj-page">
      <PageHeading title="Produk" />
      <FilterForm
        label="Saring produk"
        search={{ value: state.q, placeholder: 'Nama atau kode produk' }}
        choices={[{ name: 'active', label: 'Status', value: active, options: PRODUCT_STATUS_OPTIONS }]}
        onApply={update}
      />

      <div className="bj-toolbar">
        <p className="bj-muted">{admin ? (list.data ? `${list.data.meta.total} produk` : '') : 'Produk hanya dapat ditambah dan diubah oleh Admin.'}</p>
        {admin ? (
          <Link className="bj-button bj-button--primary" to="/master-data/produk/baru">
            Tambah produk
          </Link>
        ) : null}
      </div>

      <DataTable
        list={list}
        columns={admin ? [...columns, actionsColumn] : columns}
        rowKey={(product) => product.id}
        caption="Produk deposito"
        empty={{ title: state.q || active ? 'Tidak ada produk yang cocok.' : 'Belum ada produk.', body: state.q || active ? 'Tidak ada produk yang cocok dengan pencarian dan filter ini.' : undefined }}
      />

      {action ? (
        <ConfirmDialog
          copy={productActionCopy(action)}
          subject={`${action.product.code} · ${action.product.name} · ${tenorSummary(action.product.tenors)}`}
          submission={change}
          onClose={() => setAction(null)}
          onConfirm={() => void confirmAction()}
        />
      ) : null}
    </div>
  );
}
