import { Link } from 'react-router-dom';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { PageHeading } from '../../components/PageHeading';
import { SearchForm } from '../../components/SearchForm';
import { customersApi, type CustomerSummary } from '../../lib/customers-api';
import { formatRupiah } from '../../lib/format';
import { useQueryState } from '../../lib/use-query-state';
import { useServerData } from '../../lib/server-data';
import '../../styles/lists.css';

const columns: DataColumn<CustomerSummary>[] = [
  {
    key: 'name',
    header: 'Nasabah',
    cell: (row) => (
      <>
        <Link to={`/nasabah/${encodeURIComponent(row.id)}`}>{row.name}</Link>
        <div className="bj-muted">{row.nik ? `NIK ${row.nik}` : 'Badan'}</div>
      </>
    ),
  },
  { key: 'phone', header: 'Telepon', cell: (row) => row.phone ?? '-' },
  { key: 'deposits', header: 'Deposito', numeric: true, cell: (row) => row.depositCount },
  { key: 'total', header: 'Pokok dipegang bank', numeric: true, cell: (row) => formatRupiah(row.totalActivePrincipal) },
  { key: 'guaranteed', header: 'Dijamin LPS', numeric: true, cell: (row) => formatRupiah(row.guaranteedAmount) },
  {
    key: 'unguaranteed',
    header: 'Tidak dijamin LPS',
    numeric: true,
    cell: (row) => (row.unguaranteedAmount > 0 ? <strong>{formatRupiah(row.unguaranteedAmount)}</strong> : formatRupiah(0)),
  },
];

/** /nasabah: the bank's customers by name, NIK or phone, with what the bank holds and what LPS guarantees. */
export default function CustomersScreen() {
  const [state, update] = useQueryState({ q: '', page: '1' });
  const query = { q: state.q, page: state.page, limit: 20 };
  const list = useServerData(['customers', 'list', query], (signal) => customersApi.list(query, signal));
  return (
    <div className="bj-page">
      <PageHeading title="Nasabah" />
      <p>
        <Link className="bj-button bj-button--primary" to="/nasabah/baru">
          Nasabah baru
        </Link>
      </p>
      <SearchForm value={state.q} onSearch={(q) => update({ q, page: '1' })} placeholder="Nama, NIK atau nomor telepon nasabah" />
      <DataTable
        list={list}
        columns={columns}
        rowKey={(row) => row.id}
        caption="Daftar nasabah"
        empty={{ title: state.q ? 'Tidak ada nasabah yang cocok.' : 'Belum ada nasabah.' }}
        onPage={(page) => update({ page: String(page) })}
      />
    </div>
  );
}
