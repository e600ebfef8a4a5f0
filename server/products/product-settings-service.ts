import type { Kysely } from 'kysely';
import {
  PRODUCT_SETTINGS_MESSAGES,
  productSettingsInputSchema,
  type ProductSettings,
  type ProductSettingsSaved,
} from '../../contract/product-settings';
import { changedHolidays, lpsRateOn } from '../../machines/deposit-rules';
import { moveScheduledPayDates } from '../interest/installment-service';
import { RATIO_NAMES, type RatioName, type RatioThreshold } from '../../machines/bank-rules';
import type { StaffActor } from '../platform/actor';
import { insertBankAudit } from '../platform/bank-audit';
import { jakartaDate } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import { isSqlite } from '../platform/db/dialect';
import type { Database } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';
import { parseOrThrow } from '../platform/validation';
import { HOLIDAY_DECREES } from '../../contract/national-holidays';
import { seriesBilyetNumber } from '../../machines/bilyet';
import { advanceBilyetSeries, getDepositSettings, lockBilyetNumbering, saveDepositSettings, withHolidays, type DepositSettings } from './product-repository';
import { sql } from 'kysely';

/**
 * Pengaturan Produk (/bpr/product-setting): every staff member reads the settings; an ADMIN
 * changes them. Each change is audited with the values before and after, and a change of the
 * holiday list moves the pay date of every installment not yet due that it touches, in the same
 * transaction, so the schedule never disagrees with the calendar.
 */


function toView(settings: DepositSettings, today: string, updatedAt: string | null): ProductSettings {
  return {
    cutOffTime: settings.cutOffTime,
    holidays: settings.namedHolidays.map((holiday) => ({ ...holiday })),
    taxBps: settings.taxBps,
    taxThresholdRupiah: settings.taxThreshold,
    lpsRates: settings.lpsRates.map((rate) => ({ ...rate })),
    lpsRateTodayBps: lpsRateOn(settings.lpsRates, today),
    lpsCoverageRupiah: settings.lpsMaxBalance,
    ratioThresholds: Object.fromEntries(RATIO_NAMES.map((name) => [name, settings.ratioThresholds[name].milliPercent / 1000])) as ProductSettings['ratioThresholds'],
    holidayDecrees: { ...HOLIDAY_DECREES },
    bilyetNumbering: { ...settings.bilyetNumbering, nextPreview: seriesBilyetNumber(settings.bilyetNumbering, settings.bilyetNumbering.nextNumber) },
    updatedAt,
  };
}

/** The thresholds with the percentages sent (direction kept: which side is healthy is DOMAIN.md's). */
function withThresholds(current: Record<RatioName, RatioThreshold>, percents: Partial<Record<RatioName, number>> | undefined): Record<RatioName, RatioThreshold> {
  if (!percents) return current;
  return Object.fromEntries(
    RATIO_NAMES.map((name) => [name, percents[name] === undefined ? current[name] : { ...current[name], milliPercent: Math.round(percents[name]! * 1000) }]),
  ) as Record<RatioName, RatioThreshold>;
}

export function createProductSettingsService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  async function updatedAtOf(trx: Kysely<Database>, bankId: string): Promise<string | null> {
    const row = await trx.selectFrom('bank_settings').select('updated_at').where('bank_id', '=', bankId).executeTakeFirst();
    return row?.updated_at ?? null;
  }

  return {
    /** GET /bpr/product-setting */
    async get(actor: StaffActor): Promise<ProductSettings> {
      const [settings, updatedAt] = await Promise.all([getDepositSettings(db, actor.bankId), updatedAtOf(db, actor.bankId)]);
      return toView(settings, jakartaDate(clock.now()), updatedAt);
    },

    /** PUT /bpr/product-setting: ADMIN only; what is not sent stays. */
    async update(actor: StaffActor, body: unknown): Promise<ProductSettingsSaved> {
      if (actor.role !== 'ADMIN') throw new ServiceError('forbidden', PRODUCT_SETTINGS_MESSAGES.adminOnly);
      const input = parseOrThrow(productSettingsInputSchema, body);
      const now = clock.now().toISOString();
      let movedInstallments = 0;
      await db.transaction().execute(async (trx) => {
        // One settings change per bank at a time: two admins saving at once must not lose one's holidays.
        if (!isSqlite(trx)) await sql`select id from banks where id = ${actor.bankId} for update`.execute(trx);
        const before = await getDepositSettings(trx, actor.bankId);
        let after: DepositSettings = {
          ...before,
          cutOffTime: input.cutOffTime ?? before.cutOffTime,
          taxBps: input.taxBps ?? before.taxBps,
          taxThreshold: input.taxThresholdRupiah ?? before.taxThreshold,
          lpsRates: input.lpsRates ? [...input.lpsRates].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1)) : before.lpsRates,
          lpsMaxBalance: input.lpsCoverageRupiah ?? before.lpsMaxBalance,
          ratioThresholds: withThresholds(before.ratioThresholds, input.ratioThresholds),
          bilyetNumbering: input.bilyetNumbering ?? before.bilyetNumbering,
        };
        if (input.holidays) after = withHolidays(after, input.holidays);

        const changes: Record<string, { from: unknown; to: unknown }> = {};
        const compare = (key: string, from: unknown, to: unknown) => {
          if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
        };
        compare('cutOffTime', before.cutOffTime, after.cutOffTime);
        compare('taxBps', before.taxBps, after.taxBps);
        compare('taxThresholdRupiah', before.taxThreshold, after.taxThreshold);
        compare('lpsRates', before.lpsRates, after.lpsRates);
        compare('lpsCoverageRupiah', before.lpsMaxBalance, after.lpsMaxBalance);
        compare('ratioThresholds', before.ratioThresholds, after.ratioThresholds);
        compare('bilyetNumbering', before.bilyetNumbering, after.bilyetNumbering);
        const holidayDays = changedHolidays(before.holidays, after.holidays);
        const renamed = after.namedHolidays.filter((holiday) => before.namedHolidays.some((old) => old.date === holiday.date && old.name !== holiday.name));
        if (Object.keys(changes).length === 0 && holidayDays.length === 0 && renamed.length === 0) return;

        await saveDepositSettings(trx, actor.bankId, after, now);
        movedInstallments = await moveScheduledPayDates(trx, actor.bankId, changedHolidays(before.holidays, after.holidays), after.holidays, now);
        const beforeDays = new Set(before.holidays);
        await insertBankAudit(trx, {
          bankId: actor.bankId,
          actorId: actor.userId,
          at: now,
          subject: 'settings',
          subjectId: actor.bankId,
          event: 'settings.update',
          payload: {
            ...changes,
            ...(holidayDays.length > 0 || renamed.length > 0
              ? {
                  holidays: {
                    added: after.namedHolidays.filter((holiday) => !beforeDays.has(holiday.date)),
                    removed: before.namedHolidays.filter((holiday) => !after.holidays.includes(holiday.date)),
                    renamed,
                  },
                }
              : {}),
            movedInstallments,
          },
        });
      });
      const [settings, updatedAt] = await Promise.all([getDepositSettings(db, actor.bankId), updatedAtOf(db, actor.bankId)]);
      return { ...toView(settings, jakartaDate(clock.now()), updatedAt), movedInstallments };
    },
  };
}

export type ProductSettingsService = ReturnType<typeof createProductSettingsService>;

/** How many taken numbers a print skips at most before it asks the admin to move the series on. */
const SERIES_SKIP_LIMIT = 1000;

/**
 * The number of a bilyet printed now, inside the print's transaction `trx` (documents area):
 * with numbering FORM the one typed from the pre-numbered blank, with SERIES the series' next
 * number that `claim` can take (numbers taken by hand are skipped), the series then moved on.
 * `claim` records the number for the paper and answers false when the bank already used it.
 */
export async function numberForPrint(
  trx: Kysely<Database>,
  bankId: string,
  typed: string | undefined,
  claim: (number: string) => Promise<boolean>,
): Promise<{ ok: true; number: string } | { ok: false; message: string; kind: 'invalid' | 'conflict' }> {
  const numbering = await lockBilyetNumbering(trx, bankId);
  if (numbering.source === 'FORM') {
    if (typed === undefined) return { ok: false, kind: 'invalid', message: BILYET_NUMBERING_MESSAGES.typeFormNumber };
    return (await claim(typed)) ? { ok: true, number: typed } : { ok: false, kind: 'conflict', message: BILYET_NUMBERING_MESSAGES.numberTaken };
  }
  if (typed !== undefined) return { ok: false, kind: 'invalid', message: BILYET_NUMBERING_MESSAGES.seriesOnly };
  for (let n = numbering.nextNumber; n < numbering.nextNumber + SERIES_SKIP_LIMIT; n += 1) {
    const number = seriesBilyetNumber(numbering, n);
    if (await claim(number)) {
      await advanceBilyetSeries(trx, bankId, n + 1);
      return { ok: true, number };
    }
  }
  return { ok: false, kind: 'conflict', message: BILYET_NUMBERING_MESSAGES.seriesExhausted };
}

const BILYET_NUMBERING_MESSAGES = {
  typeFormNumber: 'Nomor bilyet wajib diisi: ketik nomor yang tercetak pada formulir bilyet bank.',
  seriesOnly: 'Nomor bilyet diambil dari seri nomor bank; jangan mengetik nomor sendiri.',
  numberTaken: 'Nomor bilyet sudah dipakai untuk bilyet lain di bank ini.',
  seriesExhausted: 'Seribu nomor berikutnya dari seri bilyet sudah terpakai. Minta ADMIN menggeser nomor urut berikutnya di Pengaturan Produk.',
} as const;
