import { formatDate, formatRupiah } from '../../lib/format';
import type { DepositDetail } from '../../lib/deposit-api';
import { amountsDue } from './amounts-due';

const PAYOUT_KIND = { break: 'Pencairan awal', maturity: 'Pencairan jatuh tempo' } as const;

function account(deposit: DepositDetail): string {
  const { bankName, accountNumber, accountName } = deposit.customer.payoutAccount;
  return `${bankName ?? '-'} ${accountNumber ?? ''} a.n. ${accountName ?? '-'}`;
}

function PayoutFigures({
  payout,
  deposit,
  paid,
  installments = [],
}: {
  payout: DepositDetail['disbursements'][number];
  deposit: DepositDetail;
  paid: boolean;
  installments?: DepositDetail['installments'];
}) {
  const maturity = payout.kind === 'maturity';
  // A maturity payout's interest and tax are its installments'; a break's are its own period's,
  // and the earlier periods' installments come on top, each at its net.
  const listed = installments.map((item) => (
    <div key={item.id} className="bj-details__row" data-testid="payout-installment">
      <dt>
        {maturity ? 'Termasuk bunga' : 'Ditambah bunga periode sebelumnya'} ke-{item.sequence} · {formatDate(item.payDate)}
      </dt>
      <dd>{formatRupiah(item.netInterest)} bersih</dd>
    </div>
  ));
  return (
    <dl className="bj-details bj-details--money" data-testid={paid ? 'payout-paid' : 'payout-due'}>
      <dt>Jenis</dt>
      <dd>{PAYOUT_KIND[payout.kind]}</dd>
      <dt>Pokok</dt>
      <dd>{formatRupiah(payout.principal)}</dd>
      <dt>{maturity ? 'Bunga yang belum dibayar (kotor)' : 'Bunga berjalan'}</dt>
      <dd>{formatRupiah(payout.interest)}</dd>
      {maturity ? listed : null}
      <dt>Pajak</dt>
      <dd>{formatRupiah(payout.tax)}</dd>
      <dt>Penalti</dt>
      <dd>{formatRupiah(payout.penalty)}</dd>
      {maturity ? null : listed}
      <dt>{paid ? 'Dibayarkan' : 'Harus dibayar'}</dt>
      <dd className="bj-details__total">{formatRupiah(payout.amount)}</dd>
      {paid ? (
        <>
          <dt>Transfer</dt>
          <dd>
            {formatDate(payout.paidAt)} · {payout.reference ?? '-'}
          </dd>
        </>
      ) : (
        <>
          <dt>Ke rekening</dt>
          <dd>{account(deposit)}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * What the deposit owes now — the pending payout with its parts, interest posted and unpaid, or
 * the next installment — so a screen with no action for this user still says what waits and how much.
 */
export function AmountsDue({ deposit }: { deposit: DepositDetail }) {
  const due = amountsDue(deposit);
  const interestLabel = deposit.interestPayment === 'MONTHLY' ? 'Bunga bulanan' : 'Bunga saat jatuh tempo';
  const owed = due.payout !== null || due.dueInstallments.length > 0 || due.maturedPrincipal !== null;
  if (!owed && !due.paidPayout && !due.nextInstallment) return null;
  return (
    <section className="bj-card bj-due" aria-labelledby="deposit-due">
      <h2 id="deposit-due" className="bj-card__title">
        {owed ? 'Yang harus dibayar' : due.paidPayout ? 'Pencairan' : 'Bunga berikutnya'}
      </h2>
      <div className="bj-due__parts">
        {due.payout ? (
          <section className="bj-settlement" aria-label="Pencairan yang harus dibayar">
            <h3 className="bj-settlement__title">Pencairan menunggu transfer</h3>
            {due.payout.kind === 'maturity' || due.payoutInstallments.length > 0 ? (
              <p data-testid="payout-includes-interest">Pokok dan bunga yang belum dibayar ditransfer bersama; bunga ini tidak dibayar lagi lewat Bunga Bulanan.</p>
            ) : null}
            <PayoutFigures payout={due.payout} deposit={deposit} paid={false} installments={due.payoutInstallments} />
          </section>
        ) : null}
        {due.paidPayout ? (
          <section className="bj-settlement" aria-label="Pencairan sudah dibayar">
            <h3 className="bj-settlement__title">Pencairan sudah dibayar</h3>
            <PayoutFigures payout={due.paidPayout} deposit={deposit} paid installments={due.payoutInstallments} />
          </section>
        ) : null}
        {due.dueInstallments.length > 0 ? (
          <section className="bj-settlement" aria-label={`${interestLabel} yang harus dibayar`} data-testid="interest-due">
            <h3 className="bj-settlement__title">{interestLabel} jatuh tempo bayar</h3>
            <dl className="bj-details bj-details--money">
              {due.dueInstallments.map((item) => (
                <div key={item.id} className="bj-details__row">
                  <dt>
                    Ke-{item.sequence} · {formatDate(item.payDate)}
                  </dt>
                  <dd>{formatRupiah(item.netInterest)}</dd>
                </div>
              ))}
              <dt>Total bersih (pajak {formatRupiah(due.dueInterestTax)})</dt>
              <dd className="bj-details__total">{formatRupiah(due.dueInterestNet)}</dd>
              <dt>Ke rekening</dt>
              <dd>{account(deposit)}</dd>
            </dl>
          </section>
        ) : null}
        {due.maturedPrincipal !== null ? (
          <p data-testid="principal-matured">
            Pokok {formatRupiah(due.maturedPrincipal)} jatuh tempo {formatDate(deposit.maturityDate)}: menunggu perpanjangan atau pengajuan pencairan ke {account(deposit)}.
          </p>
        ) : null}
        {due.nextInstallment ? (
          <p className="bj-due__next" data-testid="interest-next">
            {interestLabel} berikutnya: ke-{due.nextInstallment.sequence} pada {formatDate(due.nextInstallment.payDate)}, {formatRupiah(due.nextInstallment.netInterest)}{' '}
            bersih.
          </p>
        ) : null}
      </div>
    </section>
  );
}
