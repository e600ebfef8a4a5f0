import type { Kysely } from 'kysely';
import type { BalanceSheetLines } from '../../contract/balance-sheet';
import { balanceSheetRow, monthEnd } from '../bank/balance-sheet-service';
import { depositBalanceAt } from '../deposits/deposit-balance-service';
import { jakartaDate } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/db/schema';

/**
 * Twelve months of Neraca Keuangan for each demo bank, ending last month, around the deposits the
 * demo really holds at each month's end (the deposito line comes from Berjangka, as it would for
 * a bank that leaves it empty). Loans grow a little each month; bad loans rise above 5% in one
 * month, so the screen shows a ratio that needs attention. Idempotent: a bank with months on file
 * is left alone.
 */

const MONTHS = 12;

function previousMonths(today: string): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: MONTHS }, (_, back) => {
    const index = year * 12 + (month - 1) - (MONTHS - back);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

const whole = (value: number) => Math.round(value);

/** A month's lines around the deposits held; `ytd` carries the profit and loss since January. */
function monthLines(deposito: number, step: number, ytd: { income: number; expense: number }, stressed: boolean): BalanceSheetLines {
  const funding = Math.max(deposito, 5_000_000_000);
  const tabungan = whole(funding * 0.55);
  const kredit = whole((tabungan + funding) * (0.86 + step * 0.004));
  const bad = stressed ? 0.058 : 0.031 + (step % 4) * 0.003;
  const income = whole(kredit * 0.0145);
  const expense = whole(income * (0.84 + (step % 3) * 0.02));
  ytd.income += income;
  ytd.expense += expense;
  return {
    kas: whole((tabungan + funding) * (0.011 + (step % 3) * 0.001)),
    penempatanBankLain: whole((tabungan + funding) * 0.12),
    kredit,
    kreditKurangLancar: whole(kredit * bad * 0.35),
    kreditDiragukan: whole(kredit * bad * 0.25),
    kreditMacet: whole(kredit * bad * 0.4),
    ckpn: whole(kredit * 0.025),
    asetTetap: whole(funding * 0.03),
    asetLain: whole(funding * 0.01),
    tabungan,
    deposito,
    simpananBankLain: whole(funding * 0.02),
    pinjamanDiterima: whole(funding * 0.01),
    kewajibanSegera: whole(funding * 0.006),
    utangBunga: whole(funding * 0.0025),
    kewajibanLain: whole(funding * 0.003),
    modalInti: whole(kredit * (0.128 + (step % 5) * 0.002)),
    modalPelengkap: whole(kredit * 0.012),
    atmr: whole(kredit * 0.82),
    pendapatanOperasional: ytd.income,
    bebanOperasional: ytd.expense,
    labaSebelumPajak: ytd.income - ytd.expense,
  };
}

export async function seedDemoBalanceSheets(deps: { db: Kysely<Database>; clock: Clock }, bankNames: readonly string[]): Promise<string[]> {
  const created: string[] = [];
  const now = deps.clock.now().toISOString();
  const periods = previousMonths(jakartaDate(deps.clock.now()));
  for (const name of bankNames) {
    const bank = await deps.db.selectFrom('banks').select('id').where('name', '=', name).executeTakeFirst();
    if (!bank) continue;
    const existing = await deps.db.selectFrom('balance_sheets').select('period').where('bank_id', '=', bank.id).executeTakeFirst();
    if (existing) continue;
    const admin = await deps.db.selectFrom('users').select('id').where('bank_id', '=', bank.id).where('role', '=', 'ADMIN').orderBy('email').executeTakeFirst();
    if (!admin) continue;
    const ytd = { income: 0, expense: 0 };
    const rows = [];
    for (const [step, period] of periods.entries()) {
      if (period.endsWith('-01')) Object.assign(ytd, { income: 0, expense: 0 });
      else if (step === 0) {
        // The series starts mid-year: the months of that year before it earned about as much.
        const deposito = await depositBalanceAt(deps.db, bank.id, monthEnd(period));
        const sample = monthLines(deposito, 0, { income: 0, expense: 0 }, false);
        const before = Number(period.slice(5, 7)) - 1;
        Object.assign(ytd, { income: sample.pendapatanOperasional * before, expense: sample.bebanOperasional * before });
      }
      const deposito = await depositBalanceAt(deps.db, bank.id, monthEnd(period));
      const lines = monthLines(deposito, step, ytd, step === MONTHS - 4);
      const enteredAt = `${monthEnd(period)}T03:00:00.000Z` < now ? `${monthEnd(period)}T03:00:00.000Z` : now;
      rows.push(balanceSheetRow({ bankId: bank.id, period, lines, fromBerjangka: true, source: 'form', enteredBy: admin.id }, enteredAt));
    }
    await deps.db.insertInto('balance_sheets').values(rows).execute();
    created.push(`${name}: ${MONTHS} bulan neraca keuangan`);
  }
  return created;
}
