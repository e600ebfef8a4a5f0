import { z } from 'zod';
import { optionalText, printableCode, requiredCode, requiredText } from './fields';
import { namedDateSchema } from './deposit';
import { limitSchema, pageSchema } from './paging';

/**
 * Holds (blokir), API.md "Placements, import and holds" and DOMAIN.md "Holds (blokir)": a deposit
 * frozen for a reason — pledged for a loan, a legal letter, a deceased holder, a lost bilyet —
 * until two people release it or its end date passes.
 */

export const HOLD_REASONS = ['COLLATERAL', 'LEGAL', 'DECEASED', 'LOST_BILYET', 'OTHER'] as const;
export const holdReasonSchema = z.enum(HOLD_REASONS, {
  error: 'Alasan blokir tidak dikenal; pilih agunan kredit (COLLATERAL), perintah hukum (LEGAL), nasabah meninggal dunia (DECEASED), bilyet hilang (LOST_BILYET) atau lainnya (OTHER).',
});
export type HoldReason = z.infer<typeof holdReasonSchema>;

export const HOLD_STATUSES = ['active', 'releaseRequested', 'released'] as const;
export const holdStatusSchema = z.enum(HOLD_STATUSES, { error: 'Status blokir tidak dikenal.' });
export type HoldStatus = z.infer<typeof holdStatusSchema>;

const multipartFlag = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0', ''])], { error: 'Tanda penghentian pembayaran bunga harus true atau false.' })
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1')
  .optional();

const optionalDate = (label: string) => namedDateSchema(label).optional().or(z.literal('').transform(() => undefined));

/** POST /deposito/hold (multipart; the letter, when there is one, is the `file` part). */
export const placeHoldSchema = z.object({
  depositId: requiredCode('Deposito', 64),
  reason: holdReasonSchema,
  /** The loan number, the letter's number, the claim's: what the hold answers to. */
  reference: requiredCode('Nomor referensi blokir', 60),
  letterDate: optionalDate('Tanggal surat'),
  until: optionalDate('Tanggal berakhir blokir'),
  stopInterestPayout: multipartFlag,
  note: optionalText('Catatan', 500),
});

/** POST /deposito/hold/{id}/release */
export const requestHoldReleaseSchema = z.object({ reason: requiredText('Alasan pelepasan blokir', 500) });

/** POST /deposito/hold/{id}/reject-release: the release request is withdrawn, the hold stays. */
export const rejectHoldReleaseSchema = z.object({ reason: requiredText('Alasan penolakan', 500) });

/** GET /deposito/holds */
export const holdListQuerySchema = z.object({
  status: holdStatusSchema.optional(),
  reason: holdReasonSchema.optional(),
  q: printableCode('Kata kunci pencarian', 100).optional(),
  depositId: requiredCode('Deposito', 64).optional(),
  page: pageSchema,
  limit: limitSchema,
});

const who = z.object({ id: z.string(), name: z.string() });

export const holdSchema = z.object({
  id: z.string(),
  depositId: z.string(),
  depositNumber: z.string(),
  customerName: z.string(),
  bilyetNumber: z.string().nullable(),
  reason: holdReasonSchema,
  reasonLabel: z.string(),
  reference: z.string(),
  /** "agunan kredit KR-2026-0113": how refusals name it. */
  label: z.string(),
  letterDate: z.string().nullable(),
  until: z.string().nullable(),
  stopInterestPayout: z.boolean(),
  note: z.string().nullable(),
  /** The letter's file (GET /file/{id}), when one was attached. */
  letterFileId: z.string().nullable(),
  status: holdStatusSchema,
  statusLabel: z.string(),
  placedBy: who,
  placedAt: z.string(),
  releaseRequest: z.object({ by: who, at: z.string(), reason: z.string() }).nullable(),
  /** Who released it (null with `releasedAt` set: the daily job, on its end date). */
  releasedBy: who.nullable(),
  releasedAt: z.string().nullable(),
  /** What this user may do with it now (the hold machine's answer). */
  allowedEvents: z.array(z.enum(['hold.requestRelease', 'hold.approveRelease', 'hold.rejectRelease'])),
  version: z.number().int(),
});
export type Hold = z.infer<typeof holdSchema>;

/** Beside GET /deposito/holds's page: how many holds of each status the same reason and words match (the tabs). */
export const holdCountsSchema = z.record(holdStatusSchema, z.number().int());
export type HoldCounts = z.infer<typeof holdCountsSchema>;
