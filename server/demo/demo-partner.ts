import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/db/schema';
import { createPartnerAdminService } from '../partner/partner-admin-service';
import type { SealingKey } from '../partner/partner-secrets';

/** The demo's channel partner on the partner API (issue 19): anyone can call the API on a fresh machine. */
const DEMO_PARTNER = { code: 'DEMO-MITRA', name: 'PT Demo Mitra Digital', feeBps: 50 } as const;
export const DEMO_PARTNER_FILE = 'demo-partner.json';
/** Where the partner simulator listens for its notifications by default (npm run partner -- simulate). */
const DEMO_PARTNER_NOTIFICATION_URL = 'http://127.0.0.1:4100/berjangka/notifikasi';

/**
 * Creates DEMO-MITRA when it has no API access yet: a fresh RSA key pair, access to every demo
 * bank, notifications to the simulator's default address; and writes what a partner would hold
 * (client key, client secret, private key, notification secret, the banks and their products'
 * codes) to DATA_DIR/demo-partner.json, mode 600. Demo mode only: production seeds nothing.
 */
export async function seedDemoPartner(deps: { db: Kysely<Database>; clock: Clock; sealingKey: SealingKey; dataDir: string; bankNames: readonly string[] }): Promise<string | null> {
  const { db } = deps;
  if (await db.selectFrom('partner_clients').select('channel_code').where('channel_code', '=', DEMO_PARTNER.code).executeTakeFirst()) return null;
  const banks = await db.selectFrom('banks').select(['id', 'name']).where('name', 'in', [...deps.bankNames]).orderBy('name').execute();
  if (banks.length === 0) return null;
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const admin = createPartnerAdminService({ db, clock: deps.clock, sealingKey: deps.sealingKey });
  const { clientKey, clientSecret } = await admin.create({ code: DEMO_PARTNER.code, name: DEMO_PARTNER.name, publicKeyPem: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(), feeBps: DEMO_PARTNER.feeBps });
  for (const bank of banks) await admin.allowBank(DEMO_PARTNER.code, bank.id);
  const { notificationSecret } = await admin.setNotificationUrl(DEMO_PARTNER.code, DEMO_PARTNER_NOTIFICATION_URL);
  const products = await db.selectFrom('products').select(['bank_id', 'code', 'name']).where('bank_id', 'in', banks.map((bank) => bank.id)).where('active', '=', 1).orderBy('code').execute();
  const file = join(deps.dataDir, DEMO_PARTNER_FILE);
  const holding = {
    partner: DEMO_PARTNER.code,
    clientKey,
    clientSecret,
    privateKeyPem: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    notificationUrl: DEMO_PARTNER_NOTIFICATION_URL,
    notificationSecret,
    banks: banks.map((bank) => ({ bankCode: bank.id, name: bank.name, productCodes: products.filter((product) => product.bank_id === bank.id).map((product) => product.code) })),
  };
  writeFileSync(file, `${JSON.stringify(holding, null, 2)}\n`, { mode: 0o600 });
  return file;
}
