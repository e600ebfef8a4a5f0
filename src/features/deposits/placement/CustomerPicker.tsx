import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { customersApi, type CustomerSummary } from '../../../lib/customers-api';
import { useServerData } from '../../../lib/server-data';

/**
 * Who places: a customer found by name, NIK or phone (the list's own search), or one opened from
 * the customer's page; a new one is created on Nasabah Baru first.
 */
export function CustomerPicker({ chosen, onChoose }: { chosen: Pick<CustomerSummary, 'id' | 'name' | 'nik'> | null; onChoose: (customer: CustomerSummary | null) => void }) {
  const [query, setQuery] = useState('');
  const [asked, setAsked] = useState('');
  const search = { q: asked, limit: 5 };
  const found = useServerData(asked ? ['customers', 'list', search] : null, (signal) => customersApi.list(search, signal));
  const ask = (event: FormEvent) => {
    event.preventDefault();
    setAsked(query.trim());
  };
  if (chosen) {
    return (
      <section className="bj-card" aria-label="Nasabah">
        <h2 className="bj-card__title">Nasabah</h2>
        <p>
          <strong>{chosen.name}</strong> {chosen.nik ? <span className="bj-muted">· NIK {chosen.nik}</span> : null}{' '}
          <button type="button" className="bj-button bj-button--secondary" onClick={() => onChoose(null)}>
            Ganti nasabah
          </button>
        </p>
      </section>
    );
  }
  return (
    <section className="bj-card" aria-label="Nasabah">
      <h2 className="bj-card__title">Nasabah</h2>
      <form className="bj-search" role="search" onSubmit={ask}>
        <label className="bj-field__label" htmlFor="placement-customer-search">
          Cari nasabah (nama, NIK atau telepon)
        </label>
        <input id="placement-customer-search" className="bj-field__input" type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoFocus />
        <button type="submit" className="bj-button bj-button--secondary">
          Cari
        </button>
      </form>
      {asked && found.status === 'ready' && found.data ? (
        found.data.data.length > 0 ? (
          <ul className="bj-picker" aria-label="Hasil pencarian nasabah">
            {found.data.data.map((customer) => (
              <li key={customer.id}>
                <button type="button" className="bj-button bj-button--secondary" onClick={() => onChoose(customer)}>
                  Pilih {customer.name}
                </button>{' '}
                <span className="bj-muted">{customer.nik ? `NIK ${customer.nik}` : 'Badan'}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p role="status">
            Tidak ada nasabah yang cocok. <Link to="/nasabah/baru">Buat nasabah baru</Link>
          </p>
        )
      ) : null}
    </section>
  );
}
