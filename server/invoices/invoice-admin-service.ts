import type { Kysely } from 'kysely';
import { isIsoDate } from '../../machines/deposit-rules';
import { wibTimestamp } from '../platform/business-date';
import type { Database } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';
import { channelPartners, findInvoiceByNumber, markInvoicePaid, setChannelFeeRate, upsertChannelPartner } from './invoice-repository';

/**
 * What the platform operator does with invoices outside the banks' API (`npm run admin`, the demo
 * seed): channel partners and their dated fee rates, and a bank's payment of an invoice. API.md
 * gives the banks no write on invoices: the platform records the transfer it received.
 */

export const listChannelPartners = (db: Kysely<Database>) => channelPartners(db);

/** Creates or updates a partner and sets its fee rate from `effectiveFrom`. */
export async function saveChannelPartner(
  db: Kysely<Database>,
  input: { code: string; name: string; npwp: string | null; feeBps: number; effectiveFrom: string },
  now: string,
): Promise<void> {
  if (!/^\S(.{0,62}\S)?$/.test(input.code)) throw new ServiceError('invalid', 'Kode mitra harus 1–64 karakter tanpa spasi di awal atau akhir, sama persis dengan kanal pada deposito.');
  if (input.name.trim() === '') throw new ServiceError('invalid', 'Nama mitra wajib diisi.');
  if (!Number.isInteger(input.feeBps) || input.feeBps < 0 || input.feeBps > 10_000) throw new ServiceError('invalid', 'Tarif mitra harus bilangan bulat basis poin per tahun, 0 sampai 10000.');
  if (!isIsoDate(input.effectiveFrom)) throw new ServiceError('invalid', 'Tanggal berlaku harus berformat YYYY-MM-DD.');
  await db.transaction().execute(async (trx) => {
    await upsertChannelPartner(trx, { code: input.code, name: input.name.trim(), npwp: input.npwp }, now);
    await setChannelFeeRate(trx, { channelCode: input.code, effectiveFrom: input.effectiveFrom, feeBps: input.feeBps }, now, 'SYSTEM');
  });
}

/** Records that the invoice with this number was paid on `paidOn` (10.00 WIB) with a transfer reference. */
export async function recordInvoicePayment(db: Kysely<Database>, input: { number: string; paidOn: string; reference: string }): Promise<void> {
  if (!isIsoDate(input.paidOn)) throw new ServiceError('invalid', 'Tanggal bayar harus berformat YYYY-MM-DD.');
  if (input.reference.trim() === '') throw new ServiceError('invalid', 'Nomor referensi transfer wajib diisi.');
  const invoice = await findInvoiceByNumber(db, input.number);
  if (!invoice) throw new ServiceError('not-found', `Tagihan ${input.number} tidak ditemukan.`);
  if (input.paidOn < invoice.issued_on) throw new ServiceError('invalid', `Tanggal bayar tidak boleh sebelum tanggal tagihan (${invoice.issued_on}).`);
  if (!(await markInvoicePaid(db, invoice.id, wibTimestamp(input.paidOn, 10, 0), input.reference.trim()))) {
    throw new ServiceError('conflict', `Tagihan ${input.number} sudah tercatat lunas.`);
  }
}
