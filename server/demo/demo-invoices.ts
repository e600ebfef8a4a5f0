import type { Kysely } from 'kysely';
import { addDays, addMonths } from '../../machines/deposit-rules';
import { jakartaDate, wibTimestamp } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import type { PlatformIdentity } from '../platform/config';
import type { Database } from '../platform/db/schema';
import { issueMonthlyInvoices } from '../invoices/invoice-run-service';
import { saveChannelPartner } from '../invoices/invoice-admin-service';

/**
 * The demo's platform invoices: the channel partners the demo deposits name (demo-deposits-plan.ts
 * CHANNELS) with their fee rates, and the last 12 months billed by the real monthly run over the
 * demo deposits — so every line agrees with a deposit's history. Komunal's rate dropped six months
 * ago (dated rates: the invoices before and after show both). Payments: every invoice is paid a
 * week or so after issue (one of them late), except the latest, never paid, and — while the latest
 * is not yet due (up to the 15th) — the one before it, overdue: so the demo always shows one
 * overdue invoice, the latest unpaid, and the rest paid.
 * Only for demo banks that have no invoice yet, so a second seed changes nothing.
 */

const DEMO_CHANNEL_PARTNERS = [
  { code: 'Komunal', name: 'PT Komunal Finansial Indonesia', npwp: '0815 3372 1190 5000', feeBps: 60, laterFeeBps: 50 },
  { code: 'Mitra Tani Digital', name: 'PT Mitra Tani Digital', npwp: '0922 4410 3378 1000', feeBps: 75, laterFeeBps: 75 },
] as const;

const DEMO_INVOICE_MONTHS = 12;

export async function seedDemoInvoices(deps: { db: Kysely<Database>; clock: Clock; seller: PlatformIdentity; bankNames: readonly string[] }): Promise<string[]> {
  const { db } = deps;
  const now = deps.clock.now().toISOString();
  const today = jakartaDate(deps.clock.now());
  const thisMonth = `${today.slice(0, 7)}-01`;
  const rateChange = addMonths(thisMonth, -6);
  const known = new Set((await db.selectFrom('channel_partners').select('code').execute()).map((row) => row.code));
  for (const partner of DEMO_CHANNEL_PARTNERS) {
    if (known.has(partner.code)) continue;
    const { code, name, npwp } = partner;
    await saveChannelPartner(db, { code, name, npwp, feeBps: partner.feeBps, effectiveFrom: '2020-01-01' }, now);
    if (partner.laterFeeBps !== partner.feeBps) await saveChannelPartner(db, { code, name, npwp, feeBps: partner.laterFeeBps, effectiveFrom: rateChange }, now);
  }

  const banks = await db.selectFrom('banks').select(['id', 'name']).where('name', 'in', [...deps.bankNames]).execute();
  const billed = new Set((await db.selectFrom('invoices').select('bank_id').where('bank_id', 'in', banks.length > 0 ? banks.map((bank) => bank.id) : ['']).execute()).map((row) => row.bank_id));
  const fresh = new Set(banks.filter((bank) => !billed.has(bank.id)).map((bank) => bank.id));
  if (fresh.size === 0) return [];

  for (let back = DEMO_INVOICE_MONTHS; back >= 1; back -= 1) {
    await issueMonthlyInvoices({ db, clock: deps.clock, seller: deps.seller }, addMonths(thisMonth, -back).slice(0, 7), fresh);
  }

  const created: string[] = [];
  for (const bank of banks.filter((candidate) => fresh.has(candidate.id))) {
    const invoices = await db.selectFrom('invoices').select(['id', 'number', 'issued_on', 'due_date']).where('bank_id', '=', bank.id).orderBy('period', 'desc').execute();
    const unpaid = invoices[0] && today <= invoices[0].due_date ? 2 : 1;
    // The fourth newest was paid three days after its due date.
    for (const [index, invoice] of invoices.entries()) {
      if (index < unpaid) continue;
      const paidOn = addDays(invoice.issued_on, index === 3 ? 17 : 5 + (index % 4) * 2);
      await db
        .updateTable('invoices')
        .set({ paid_at: wibTimestamp(paidOn, 10, 15), payment_reference: `TRF ${invoice.number}` })
        .where('id', '=', invoice.id)
        .execute();
    }
    created.push(`${bank.name}: ${invoices.length} tagihan platform demo`);
  }
  return created;
}
