import { postalCodeOf } from '@machines/shipment';
import { ErrorState, LoadingState } from '../../../components/DataState';
import { useDepositDetail } from '../use-deposit-queries';

const NO_POSTAL_CODE = 'Tidak tercantum pada alamat nasabah. Kurir memilah kiriman dengan kode pos: lengkapi alamat nasabah bila memungkinkan.';

/**
 * Where the JNE courier takes the bilyet, shown before the booking so staff can check it: the
 * customer's name, full address with its postal code, and phone, as the booking sends them.
 */
export function ParcelDestination({ depositId }: { depositId: string }) {
  // The deposit's detail: the detail screen's own when it has it.
  const detail = useDepositDetail(depositId);
  if (detail.status === 'error' && !detail.data) return <ErrorState title="Alamat penerima tidak dapat dimuat." error={detail.error} onRetry={detail.reload} />;
  if (!detail.data) return <LoadingState label="Memuat alamat penerima…" />;
  const { customer } = detail.data;
  const zip = postalCodeOf(customer.address);
  return (
    <section className="bj-parcel-destination" aria-label="Dikirim kepada">
      <h3 className="bj-subtitle">Dikirim kepada</h3>
      <dl className="bj-facts bj-facts--compact">
        <div>
          <dt>Penerima</dt>
          <dd>{customer.name}</dd>
        </div>
        <div>
          <dt>Alamat</dt>
          <dd>{customer.address ?? 'Belum tercatat'}</dd>
        </div>
        <div>
          <dt>Kode pos</dt>
          <dd>{zip || <span className="bj-field__problem">{NO_POSTAL_CODE}</span>}</dd>
        </div>
        <div>
          <dt>Telepon</dt>
          <dd>{customer.phone ?? 'Belum tercatat'}</dd>
        </div>
      </dl>
    </section>
  );
}
