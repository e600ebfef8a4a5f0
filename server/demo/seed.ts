import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '../../contract/auth';
import { findBankByName, insertBank } from '../auth/bank-repository';
import { findUserByEmail, insertUser } from '../auth/user-repository';
import type { Database } from '../platform/db/schema';
import { DAY_MS, type Clock } from '../platform/clock';
import { seedDemoProducts } from './product-seed';
import { seedDemoDeposits } from './demo-deposits';
import { seedDemoHolds } from './demo-holds';
import { seedDemoBalanceSheets } from './balance-sheet-seed';
import type { PasswordHasher } from '../auth/passwords';
import type { FileStore } from '../platform/files/file-store';
import { DEFAULT_PLATFORM_IDENTITY, type PlatformIdentity } from '../platform/config';
import { seedDemoInvoices } from './demo-invoices';

/** Every demo account uses this password; it passes the password rules like any other. */
export const DEMO_PASSWORD = 'Berjangka#2026';

interface DemoUser {
  email: string;
  name: string;
  role: Role;
  /** The JNE courier calls the bank's staff on it (a pickup needs one: profile-service bankCourierContact). */
  phone?: string;
  /** True for the account whose password is older than the maximum age. */
  passwordExpired?: boolean;
}

/** A demo bank's address: the street line and the areas picked for it (real Kemendagri codes). */
interface DemoAddress {
  street: string;
  provinceId: string;
  cityId: string;
  districtId: string;
  villageId: string;
  zipCode: string;
}

export const DEMO_BANKS: Array<{ name: string; npwp: string; address: DemoAddress; users: DemoUser[] }> = [
  {
    name: 'BPR Demo Sejahtera',
    // The platform's invoices name the bank with its NPWP (16 digits since 2024).
    npwp: '0317 2945 8812 4000',
    // Kelurahan Citarum, Kecamatan Bandung Wetan, Kota Bandung, Jawa Barat.
    address: { street: 'Jl. Merdeka No. 1', provinceId: '32', cityId: '32.73', districtId: '32.73.09', villageId: '32.73.09.1003', zipCode: '40115' },
    users: [
      { email: 'admin@bpr-demo.test', name: 'Admin Demo', role: 'ADMIN', phone: '081220260101' },
      { email: 'supervisor@bpr-demo.test', name: 'Supervisor Demo', role: 'SUPERVISOR', phone: '081220260102' },
      { email: 'operator@bpr-demo.test', name: 'Operator Demo', role: 'OPERATOR', phone: '081220260103' },
      { email: 'kedaluwarsa@bpr-demo.test', name: 'Operator Kedaluwarsa', role: 'OPERATOR', passwordExpired: true },
    ],
  },
  {
    name: 'BPR Lain Makmur',
    npwp: '0721 5530 6647 8000',
    // Kelurahan Bojongsalaman, Kecamatan Semarang Barat, Kota Semarang, Jawa Tengah.
    address: { street: 'Jl. Jenderal Sudirman No. 2', provinceId: '33', cityId: '33.74', districtId: '33.74.13', villageId: '33.74.13.1009', zipCode: '50141' },
    users: [{ email: 'admin@bpr-lain.test', name: 'Admin Lain', role: 'ADMIN', phone: '081320260201' }],
  },
];

interface SeedDeps {
  db: Kysely<Database>;
  clock: Clock;
  hasher: PasswordHasher;
  passwordMaxAgeDays: number;
  /** The ~2,300 demo deposits; tests that make their own deposits leave them out to start fast. */
  demoDeposits?: boolean;
  /** Where the demo deposits' documents go (FILE_STORE); needed with the demo deposits. */
  fileStore?: FileStore;
  /** PUBLIC_URL, for the Privy sandbox's signing links of the demo's signature requests. */
  publicUrl?: string;
  /** The issuer of the demo banks' platform invoices (config.platform). */
  platform?: PlatformIdentity;
}

/** Creates whatever of the demo banks and users is missing; running it again changes nothing. */
export async function seedDemoData(deps: SeedDeps): Promise<{ created: string[] }> {
  const created: string[] = [];
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const passwordHash = await deps.hasher.hash(DEMO_PASSWORD);
  for (const demoBank of DEMO_BANKS) {
    await deps.db.transaction().execute(async (trx) => {
      let bank = await findBankByName(trx, demoBank.name);
      if (!bank) {
        const id = randomUUID();
        const { street, provinceId, cityId, districtId, villageId, zipCode } = demoBank.address;
        await insertBank(trx, {
          id,
          name: demoBank.name,
          ojk_license_number: null,
          npwp: demoBank.npwp,
          address: street,
          province_id: provinceId,
          city_id: cityId,
          district_id: districtId,
          village_id: villageId,
          zip_code: zipCode,
          logo_file_id: null,
          created_at: nowIso,
          updated_at: nowIso,
        });
        bank = await findBankByName(trx, demoBank.name);
        created.push(demoBank.name);
      }
      for (const demoUser of demoBank.users) {
        if (await findUserByEmail(trx, demoUser.email)) continue;
        const changedAt = demoUser.passwordExpired ? new Date(now.getTime() - (deps.passwordMaxAgeDays + 1) * DAY_MS) : now;
        await insertUser(trx, {
          id: randomUUID(),
          bank_id: bank!.id,
          name: demoUser.name,
          email: demoUser.email,
          phone: demoUser.phone ?? null,
          role: demoUser.role,
          password_hash: passwordHash,
          password_changed_at: changedAt.toISOString(),
          created_at: nowIso,
          updated_at: nowIso,
        });
        created.push(demoUser.email);
      }
      for (const product of await seedDemoProducts(trx, bank!.id, nowIso)) created.push(`${demoBank.name}: ${product}`);
    });
  }
  if (deps.demoDeposits ?? true) {
    if (!deps.fileStore) throw new Error('The demo deposits need the file store: their bilyets, receipts and forms are real files.');
    created.push(...(await seedDemoDeposits({ db: deps.db, clock: deps.clock, fileStore: deps.fileStore, ...(deps.publicUrl ? { publicUrl: deps.publicUrl } : {}) })));
    created.push(...(await seedDemoHolds({ db: deps.db, clock: deps.clock, fileStore: deps.fileStore }, DEMO_BANKS.map((bank) => bank.name))));
    // After the deposits: each month's deposito line is what they held at its end.
    created.push(...(await seedDemoBalanceSheets({ db: deps.db, clock: deps.clock }, DEMO_BANKS.map((bank) => bank.name))));
    // Billed from the deposits just played, so the demo's invoices agree with its deposits.
    created.push(...(await seedDemoInvoices({ db: deps.db, clock: deps.clock, seller: deps.platform ?? DEFAULT_PLATFORM_IDENTITY, bankNames: DEMO_BANKS.map((bank) => bank.name) })));
  }
  return { created };
}

/** The lines printed at start so people can sign in. */
export function demoLoginLines(): string[] {
  return [
    `Akun demo (kata sandi semua: ${DEMO_PASSWORD}):`,
    ...DEMO_BANKS.flatMap((bank) =>
      bank.users.map((user) => `  ${user.email.padEnd(28)} ${user.role.padEnd(10)} ${bank.name}${user.passwordExpired ? ' (kata sandi kedaluwarsa)' : ''}`),
    ),
  ];
}
