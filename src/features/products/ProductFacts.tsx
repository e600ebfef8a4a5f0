import { instructionLabels, interestPaymentLabels } from '../../lib/deposit-labels';
import { formatDate, formatRate, formatRupiah } from '../../lib/format';
import type { Product } from '../../lib/products-api';
import { ProductStatusBadges } from './ProductStatusBadges';
import { TenorRates } from './TenorRates';
import { specialRateText } from './product-form';

/** A product as those who may not change it read it: every setting of the form, and today's rates. */
export function ProductFacts({ product }: { product: Product }) {
  const facts: Array<[string, React.ReactNode]> = [
    ['Kode produk', product.code],
    ['Status', <ProductStatusBadges key="status" product={product} />],
    ['Bunga dibayar', interestPaymentLabels[product.interestPayment]],
    [
      'Nominal',
      <>
        <span className="bj-nowrap">{formatRupiah(product.minAmount)}</span> – <span className="bj-nowrap">{product.maxAmount === null ? 'tanpa batas' : formatRupiah(product.maxAmount)}</span>
      </>,
    ],
    ['Instruksi jatuh tempo', product.instructions.map((instruction) => instructionLabels[instruction]).join(', ')],
    ['Penalti pencairan awal', `${formatRate(product.breakPenaltyBps)} dari pokok`],
    ['Bunga berjalan hangus bila dicairkan awal', product.forfeitAccruedInterest ? 'Ya' : 'Tidak'],
    ['Suku bunga khusus di loket', specialRateText(product.specialRateCeilingBps)],
    ['Deposito berjalan', product.runningDeposits.toLocaleString('id-ID')],
    [`Suku bunga sejak ${formatDate(product.rateEffectiveFrom)}`, <TenorRates key="rates" tenors={product.tenors} />],
  ];
  return (
    <section className="bj-card" aria-label="Data produk">
      <dl className="bj-facts bj-facts--compact">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
