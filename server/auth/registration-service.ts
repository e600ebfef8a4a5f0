import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  REGISTRATION_DOCUMENT_MAX_BYTES,
  REGISTRATION_DOCUMENT_MAX_COUNT,
  registrationFieldsSchema,
} from '../../contract/registration';
import { insertBank } from './bank-repository';
import { findPendingRegistrationLike, findRegistration, insertRegistration, listRegistrations, markRegistrationReviewed, type RegistrationWithDocuments } from './registration-repository';
import { findUserByEmail, insertUser } from './user-repository';
import type { Database } from '../platform/db/schema';
import type { FileStore } from '../platform/files/file-store';
import type { AuthService } from './auth-service';
import { HOUR_MS, formatJakartaTime, type Clock } from '../platform/clock';
import { activeBlock, type ThrottlePolicy } from '../platform/throttle';
import { countAttempt } from '../platform/throttle-repository';
import { ServiceError, ValidationError } from '../platform/errors';
import type { PasswordHasher } from './passwords';
import { newOpaqueToken } from './secrets';
import { checkUpload, storeUploads, type Upload } from '../platform/files/uploads';
import { parseFields } from '../platform/validation';
import type { GeographyService } from '../master-data/geography-service';

/**
 * Registrations a client (address) may send: 10 an hour, then it waits an hour, doubling up to a
 * day. Every attempt counts, valid or not: each carries up to 12 MB of documents.
 */
const REGISTRATION_CLIENT_POLICY: ThrottlePolicy = { freeAttempts: 10, windowMs: HOUR_MS, firstBlockMs: HOUR_MS, maxBlockMs: 24 * HOUR_MS };

const REGISTRATION_MESSAGES = {
  pendingEmail: 'Pendaftaran dengan email ini masih menunggu peninjauan. Tunggu kabar dari kami melalui email tersebut.',
  pendingNpwp: 'Pendaftaran dengan NPWP ini masih menunggu peninjauan. Tunggu kabar dari kami melalui email pendaftar.',
} as const;

interface RegistrationDeps {
  db: Kysely<Database>;
  clock: Clock;
  fileStore: FileStore;
  hasher: PasswordHasher;
  auth: AuthService;
  geography: GeographyService;
}

export function createRegistrationService(deps: RegistrationDeps) {
  const { db, clock } = deps;


  /** The bank's first ADMIN, without a usable password until they set one from the mailed link. */
  async function insertFirstAdmin(trx: typeof db, admin: { userId: string; bankId: string; name: string; email: string; phone: string | null; passwordHash: string; now: string }): Promise<void> {
    await insertUser(trx, {
      id: admin.userId,
      bank_id: admin.bankId,
      name: admin.name,
      email: admin.email,
      phone: admin.phone,
      role: 'ADMIN',
      password_hash: admin.passwordHash,
      password_changed_at: admin.now,
      // Until the admin sets a password from the mailed link.
      password_set: 0,
      created_at: admin.now,
      updated_at: admin.now,
    });
  }

  /** Mails the new admin a set-password link (3 days, once); answers the link. */
  function welcomeFirstAdmin(userId: string, admin: { email: string; contactName: string }, why: string): Promise<string> {
    return deps.auth.mailSetPasswordLink(userId, { to: admin.email, name: admin.contactName, subject: 'Pendaftaran Berjangka disetujui', intro: `${why} Akun admin Anda: ${admin.email}.` });
  }

  return {
    /** Counts a registration attempt of `client`; 429 once it has sent too many (REGISTRATION_CLIENT_POLICY). */
    async admit(client: string): Promise<void> {
      const now = clock.now();
      const state = await countAttempt(db, { scope: 'registration-client', subject: client }, REGISTRATION_CLIENT_POLICY, now);
      const until = activeBlock(state, now);
      if (!until) return;
      const remainingMs = until.getTime() - now.getTime();
      const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
      throw new ServiceError('too-many-attempts', `Terlalu banyak pendaftaran dari alamat ini. Silakan coba lagi dalam ${minutes} menit (pukul ${formatJakartaTime(until)}).`, {
        retryAt: until.toISOString(),
        retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)),
      });
    },

    /** Validates the form and its documents, stores them as one pending registration. */
    async register(fields: Record<string, unknown>, documents: Upload[]) {
      const problems: string[] = [];
      const parsed = parseFields(registrationFieldsSchema, fields);
      if (!parsed.success) problems.push(...parsed.messages);
      // The picked areas must exist and nest; a code the schema already refused is said once.
      const structured = await deps.geography.checkAddress(fields);
      if (!structured.ok) problems.push(...structured.messages.filter((message) => !problems.includes(message)));

      const checked: Array<{ upload: Upload; mediaType: 'application/pdf' | 'image/jpeg' | 'image/png' }> = [];
      if (documents.length === 0) problems.push('Dokumen pendukung wajib dilampirkan (PDF, JPEG atau PNG).');
      if (documents.length > REGISTRATION_DOCUMENT_MAX_COUNT) problems.push(`Dokumen paling banyak ${REGISTRATION_DOCUMENT_MAX_COUNT} berkas.`);
      for (const upload of documents.slice(0, REGISTRATION_DOCUMENT_MAX_COUNT)) {
        const result = checkUpload(upload, {
          label: 'Dokumen',
          maxBytes: REGISTRATION_DOCUMENT_MAX_BYTES,
          allowed: ['application/pdf', 'image/jpeg', 'image/png'],
          allowedText: 'PDF, JPEG atau PNG',
        });
        if ('problem' in result) problems.push(result.problem);
        else checked.push({ upload, mediaType: result.mediaType });
      }
      if (!parsed.success || !structured.ok || problems.length > 0) throw new ValidationError(problems);

      const now = clock.now().toISOString();
      const values = parsed.data;
      const place = structured.address;
      const npwp = values.npwp.replace(/[.\s-]/g, '');
      const stored = await storeUploads(deps.fileStore, checked.map((item) => ({ ...item, purpose: 'registration-document' as const })), now);
      const id = randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          // In the transaction that inserts, so on SQLite two at once cannot both pass.
          const pending = await findPendingRegistrationLike(trx, values.email, npwp);
          if (pending) throw new ServiceError('conflict', pending.email === values.email ? REGISTRATION_MESSAGES.pendingEmail : REGISTRATION_MESSAGES.pendingNpwp);
          await stored.record(trx);
          await insertRegistration(
            trx,
            {
              id,
              bank_name: values.bankName,
              ojk_license_number: values.ojkLicenseNumber,
              npwp,
              address: values.address,
              province_id: place.provinceId,
              city_id: place.cityId,
              district_id: place.districtId,
              village_id: place.villageId,
              zip_code: place.zipCode,
              contact_name: values.contactName,
              email: values.email,
              phone: values.phone.replace(/[\s-]/g, ''),
              status: 'PENDING',
              bank_id: null,
              created_at: now,
              reviewed_at: null,
            },
            stored.rows.map((row) => row.id),
          );
        });
      } catch (error) {
        await stored.undo();
        throw error;
      }
      return { id, status: 'PENDING' as const, documentCount: stored.rows.length };
    },

    list(status?: 'PENDING' | 'APPROVED' | 'REJECTED'): Promise<RegistrationWithDocuments[]> {
      return listRegistrations(db, status);
    },

    /** Creates the bank and its ADMIN user from a pending registration and mails a set-password link. */
    async approve(id: string): Promise<{ bankId: string; userId: string; email: string; link: string }> {
      const registration = await findRegistration(db, id);
      if (!registration) throw new ServiceError('not-found', `Pendaftaran ${id} tidak ditemukan.`);
      if (registration.status !== 'PENDING') throw new ServiceError('conflict', `Pendaftaran ${id} sudah diputuskan (${registration.status}).`);
      if (await findUserByEmail(db, registration.email)) {
        throw new ServiceError('conflict', `Email ${registration.email} sudah dipakai oleh pengguna lain.`);
      }
      const now = clock.now().toISOString();
      const bankId = randomUUID();
      const userId = randomUUID();
      // Nobody knows this password: the admin sets their own through the mailed link.
      const unusableHash = await deps.hasher.hash(newOpaqueToken().token);
      await db.transaction().execute(async (trx) => {
        await insertBank(trx, {
          id: bankId,
          name: registration.bank_name,
          ojk_license_number: registration.ojk_license_number,
          npwp: registration.npwp,
          address: registration.address,
          province_id: registration.province_id,
          city_id: registration.city_id,
          district_id: registration.district_id,
          village_id: registration.village_id,
          zip_code: registration.zip_code,
          logo_file_id: null,
          created_at: now,
          updated_at: now,
        });
        // The guard of the whole approval: if someone decided meanwhile, the transaction rolls back.
        if (!(await markRegistrationReviewed(trx, id, { status: 'APPROVED', bankId, now }))) {
          throw new ServiceError('conflict', `Pendaftaran ${id} sudah diputuskan.`);
        }
        await insertFirstAdmin(trx, { userId, bankId, name: registration.contact_name, email: registration.email, phone: registration.phone, passwordHash: unusableHash, now });
      });
      const link = await welcomeFirstAdmin(userId, { email: registration.email, contactName: registration.contact_name }, `Pendaftaran ${registration.bank_name} di Berjangka telah disetujui.`);
      return { bankId, userId, email: registration.email, link };
    },

    /**
     * `npm run admin -- create-bank`: the platform operator creates a bank and its ADMIN without the
     * public registration (the first bank of a production install, or one registered on paper). The
     * admin completes the bank's profile (OJK licence, NPWP, address, logo) in the app.
     */
    async createBank(input: { bankName: string; email: string; contactName: string; phone?: string | null }): Promise<{ bankId: string; userId: string; email: string; link: string }> {
      const bankName = input.bankName.trim();
      const email = input.email.trim().toLowerCase();
      const contactName = input.contactName.trim();
      const problems: string[] = [];
      if (bankName.length < 3 || bankName.length > 200) problems.push('Nama bank wajib diisi (3-200 karakter).');
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) problems.push('Email admin tidak valid.');
      if (contactName.length < 2 || contactName.length > 100) problems.push('Nama admin wajib diisi (2-100 karakter).');
      if (problems.length > 0) throw new ValidationError(problems);
      if (await findUserByEmail(db, email)) throw new ServiceError('conflict', `Email ${email} sudah dipakai oleh pengguna lain.`);
      const now = clock.now().toISOString();
      const bankId = randomUUID();
      const userId = randomUUID();
      const unusableHash = await deps.hasher.hash(newOpaqueToken().token);
      await db.transaction().execute(async (trx) => {
        await insertBank(trx, { id: bankId, name: bankName, ojk_license_number: null, npwp: null, address: null, logo_file_id: null, created_at: now, updated_at: now });
        await insertFirstAdmin(trx, { userId, bankId, name: contactName, email, phone: input.phone?.trim() || null, passwordHash: unusableHash, now });
      });
      const link = await welcomeFirstAdmin(userId, { email, contactName }, `${bankName} telah dibuat di Berjangka.`);
      return { bankId, userId, email, link };
    },

    async reject(id: string): Promise<void> {
      const now = clock.now().toISOString();
      if (!(await markRegistrationReviewed(db, id, { status: 'REJECTED', bankId: null, now }))) {
        throw new ServiceError('conflict', `Pendaftaran ${id} tidak ditemukan atau sudah diputuskan.`);
      }
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
