import { z } from 'zod';

/**
 * GET /api-v2-bpr/bpr/deposit-months: placements and maturities per month for Beranda's chart,
 * the last `months` calendar months up to this month in Asia/Jakarta, oldest first.
 */

const DEPOSIT_MONTHS_MAX = 24;
const MONTHS_MESSAGE = `Jumlah bulan harus bilangan bulat 1 sampai ${DEPOSIT_MONTHS_MAX}.`;

export const depositMonthsQuerySchema = z.object({
  months: z.coerce
    .number({ error: MONTHS_MESSAGE })
    .int({ error: MONTHS_MESSAGE })
    .min(1, { error: MONTHS_MESSAGE })
    .max(DEPOSIT_MONTHS_MAX, { error: MONTHS_MESSAGE })
    .default(12),
});

const tallySchema = z.object({ count: z.number().int().min(0), amount: z.number().int().min(0) });

export const depositMonthSchema = z.object({
  /** 'YYYY-MM' */
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  /** Deposits whose value date (deposit_date) falls in the month; rejected and cancelled left out. */
  placements: tallySchema,
  /** Deposit periods whose maturity date falls in the month (see the repository for the rule). */
  maturities: tallySchema,
});
export type DepositMonth = z.infer<typeof depositMonthSchema>;

export const depositMonthsSchema = z.array(depositMonthSchema);

/** The `count` calendar months ending with `lastMonth` ('YYYY-MM'), oldest first. */
export function monthsUpTo(lastMonth: string, count: number): string[] {
  const [year, month] = lastMonth.split('-').map(Number) as [number, number];
  const last = year * 12 + (month - 1);
  return Array.from({ length: count }, (_, index) => {
    const at = last - (count - 1) + index;
    return `${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, '0')}`;
  });
}
