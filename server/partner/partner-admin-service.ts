import { createPublicKey, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { listChannelPartners, saveChannelPartner } from '../invoices/invoice-admin-service';
import type { Clock } from '../platform/clock';
import { jakartaDate } from '../platform/business-date';
import type { Database } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';
import { failedOutboxMessages, hurryOutboxMessages, resendOutboxMessage } from '../platform/outbox/outbox-repository';
import { OUTBOX_GIVE_UP_MS } from '../platform/outbox/outbox-schedule';
import { sealSecret, type SealingKey } from './partner-secrets';
import { allowBank, findPartnerByCode, insertPartnerClient, listPartnerClients, updatePartnerClient } from './partner-repository';

/**
 * What the platform operator does with partners (`npm run admin -- partner …`): credentials for the
 * partner API, the banks each may place at, and where its notifications go. A secret is shown
 * once, when it is made, and kept only sealed (partner-secrets.ts).
 */
export function createPartnerAdminService(deps: { db: Kysely<Database>; clock: Clock; sealingKey: SealingKey }) {
  const { db, clock, sealingKey } = deps;
  const newClientSecret = () => randomBytes(32).toString('base64url');

  async function requirePartner(code: string) {
    const partner = await findPartnerByCode(db, code);
    if (!partner) throw new ServiceError('not-found', `Mitra ${code} belum punya akses API (npm run admin -- partner create).`);
    return partner;
  }

  return {
    /**
     * Credentials for a channel partner: the channel (billing) partner is created when new, which
     * then needs its fee rate. The RSA public key (PEM, 2048 bits or more) checks its token requests.
     */
    async create(input: { code: string; name: string; publicKeyPem: string; feeBps?: number }): Promise<{ clientKey: string; clientSecret: string }> {
      let key;
      try {
        key = createPublicKey(input.publicKeyPem);
      } catch {
        throw new ServiceError('invalid', 'Kunci publik harus berkas PEM kunci publik RSA.');
      }
      if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) throw new ServiceError('invalid', 'Kunci publik harus RSA 2048 bit atau lebih.');
      if (await findPartnerByCode(db, input.code)) throw new ServiceError('conflict', `Mitra ${input.code} sudah punya akses API; ganti rahasianya dengan partner rotate-secret.`);
      const now = clock.now().toISOString();
      const channel = (await listChannelPartners(db)).get(input.code);
      if (!channel) {
        if (input.feeBps === undefined) throw new ServiceError('invalid', `Mitra ${input.code} belum terdaftar sebagai mitra penyalur: sebutkan tarifnya dengan --fee-bps=<bps per tahun>.`);
        await saveChannelPartner(db, { code: input.code, name: input.name, npwp: null, feeBps: input.feeBps, effectiveFrom: jakartaDate(clock.now()) }, now);
      }
      const clientKey = randomUUID();
      const clientSecret = newClientSecret();
      await insertPartnerClient(db, {
        channel_code: input.code,
        client_key: clientKey,
        public_key_pem: key.export({ type: 'spki', format: 'pem' }).toString(),
        client_secret_sealed: sealSecret(sealingKey, clientSecret),
        notification_url: null,
        notification_secret_sealed: null,
        secret_changed_at: now,
        created_at: now,
        updated_at: now,
      });
      return { clientKey, clientSecret };
    },

    /** The partner may place at this bank from now on. */
    async allowBank(code: string, bankId: string): Promise<{ bankName: string }> {
      await requirePartner(code);
      const bank = await db.selectFrom('banks').select(['id', 'name']).where('id', '=', bankId).executeTakeFirst();
      if (!bank) throw new ServiceError('not-found', `Bank ${bankId} tidak ditemukan.`);
      await allowBank(db, code, bankId, clock.now().toISOString());
      return { bankName: bank.name };
    },

    /**
     * Where the partner's notifications go, and a new secret to sign them with (Standard Webhooks:
     * `whsec_` and 24 random bytes in base64). https only, but for the partner's own machine.
     */
    async setNotificationUrl(code: string, url: string): Promise<{ notificationSecret: string }> {
      await requirePartner(code);
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new ServiceError('invalid', 'Alamat notifikasi harus URL lengkap, mis. https://mitra.example/berjangka/notifikasi.');
      }
      const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
      if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && loopback)) throw new ServiceError('invalid', 'Alamat notifikasi harus https (http hanya untuk localhost).');
      const notificationSecret = `whsec_${randomBytes(24).toString('base64')}`;
      const now = clock.now().toISOString();
      await updatePartnerClient(db, code, { notification_url: parsed.toString(), notification_secret_sealed: sealSecret(sealingKey, notificationSecret), updated_at: now });
      // What waited for an address goes at the next round, not at its next retry hours away.
      await hurryOutboxMessages(db, 'partner.notification', code, now);
      return { notificationSecret };
    },

    /** A new client secret; the old one and every access token issued under it stop working at once. */
    async rotateSecret(code: string): Promise<{ clientSecret: string }> {
      await requirePartner(code);
      const clientSecret = newClientSecret();
      const now = clock.now().toISOString();
      await updatePartnerClient(db, code, { client_secret_sealed: sealSecret(sealingKey, clientSecret), secret_changed_at: now, updated_at: now });
      return { clientSecret };
    },

    list: () => listPartnerClients(db),

    /** Notifications no partner received within 3 days (oldest first, at most `limit`). */
    failedDeliveries: (limit = 100) => failedOutboxMessages(db, limit, 'partner.notification'),

    /** A failed notification sent again from now, under its own webhook-id and body, retried for another 3 days. */
    async resend(messageId: string): Promise<void> {
      const now = clock.now();
      if (!(await resendOutboxMessage(db, messageId, now.toISOString(), new Date(now.getTime() + OUTBOX_GIVE_UP_MS).toISOString()))) {
        throw new ServiceError('not-found', `Tidak ada notifikasi gagal dengan id ${messageId}.`);
      }
    },
  };
}

export type PartnerAdminService = ReturnType<typeof createPartnerAdminService>;
