import type { Kysely } from 'kysely';
import type { Role } from '../../contract/auth';
import { addDays, type IsoDate } from '../../machines/deposit-rules';
import type { Clock } from '../platform/clock';
import { jakartaDate } from '../platform/business-date';
import type { Database } from '../platform/db/schema';
import type { FileStore } from '../platform/files/file-store';
import { createHoldService } from '../holds/hold-service';

/**
 * Holds on the demo's deposits, so Blokir has something real to show: placed, asked to be released
 * and released through the hold service itself (the machine, the deposit's timeline, the audit),
 * as staff would. Only the demo's first bank gets the four-eyed ones: its supervisor asks, its
 * admin decides. Skipped for a bank that has holds already, so a second start changes nothing.
 */

interface DemoHold {
  reason: 'COLLATERAL' | 'LEGAL' | 'DECEASED' | 'LOST_BILYET' | 'OTHER';
  reference: string;
  note?: string;
  letterDaysAgo?: number;
  untilDays?: number;
  stopInterestPayout?: boolean;
  /** What happens after it is placed. */
  then?: 'releaseRequested' | 'released';
}

const FIRST_BANK_HOLDS: DemoHold[] = [
  { reason: 'COLLATERAL', reference: 'KR-2025-0987', note: 'Agunan kredit modal kerja Rp 150.000.000', letterDaysAgo: 3, untilDays: 365 },
  { reason: 'LEGAL', reference: 'PN-BDG/451/Pdt.G/2026', note: 'Sita jaminan Pengadilan Negeri Bandung', letterDaysAgo: 7, stopInterestPayout: true },
  { reason: 'LOST_BILYET', reference: 'SKH/0042/XI/2026', note: 'Bilyet hilang; menunggu penerbitan ulang', letterDaysAgo: 2, then: 'releaseRequested' },
  { reason: 'DECEASED', reference: 'AW-2026-003', note: 'Klaim ahli waris sudah diselesaikan', letterDaysAgo: 30, then: 'released' },
];
const OTHER_BANK_HOLDS: DemoHold[] = [{ reason: 'OTHER', reference: 'NSB-2026-11', note: 'Permintaan nasabah selama sengketa keluarga' }];

export async function seedDemoHolds(deps: { db: Kysely<Database>; clock: Clock; fileStore: FileStore }, bankNames: readonly string[]): Promise<string[]> {
  const holds = createHoldService(deps);
  const today = jakartaDate(deps.clock.now());
  const created: string[] = [];
  for (const [index, name] of bankNames.entries()) {
    const bank = await deps.db.selectFrom('banks').select('id').where('name', '=', name).executeTakeFirst();
    if (!bank || (await deps.db.selectFrom('holds').select('id').where('bank_id', '=', bank.id).limit(1).executeTakeFirst())) continue;
    const users = await deps.db.selectFrom('users').select(['id', 'role', 'email']).where('bank_id', '=', bank.id).orderBy('email').execute();
    const supervisor = users.find((user) => user.role === 'SUPERVISOR') ?? users.find((user) => user.role === 'ADMIN');
    const admin = users.find((user) => user.role === 'ADMIN');
    if (!supervisor || !admin) continue;
    const plan = index === 0 ? FIRST_BANK_HOLDS : OTHER_BANK_HOLDS;
    // The largest running deposits: the ones a bank pledges and a court seizes.
    const deposits = await deps.db.selectFrom('deposits').select('id').where('bank_id', '=', bank.id).where('status', '=', 'active').orderBy('amount', 'desc').orderBy('id').limit(plan.length).execute();
    const as = (user: { id: string; role: string }) => ({ userId: user.id, role: user.role as Role, bankId: bank.id });
    for (const [position, demo] of plan.entries()) {
      const deposit = deposits[position];
      if (!deposit) break;
      const date = (days: number | undefined, sign: 1 | -1): IsoDate | undefined => (days === undefined ? undefined : addDays(today, sign * days));
      const fields = {
        depositId: deposit.id,
        reason: demo.reason,
        reference: demo.reference,
        note: demo.note,
        letterDate: date(demo.letterDaysAgo, -1),
        until: date(demo.untilDays, 1),
        stopInterestPayout: demo.stopInterestPayout ? 'true' : 'false',
      };
      const placed = await holds.place(as(supervisor), Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)), {});
      if (demo.then) await holds.requestRelease(as(supervisor), placed.id, { reason: demo.then === 'released' ? 'Klaim ahli waris sudah dibayarkan.' : 'Bilyet pengganti sudah diterbitkan.' });
      if (demo.then === 'released') await holds.approveRelease(as(admin), placed.id);
      created.push(`${name}: blokir ${demo.reference}`);
    }
  }
  return created;
}
