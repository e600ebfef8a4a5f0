import type { Kysely } from 'kysely';
import type { Role } from '../../contract/auth';
import { PROFILE_LOGO_MAX_BYTES, profileUpdateFieldsSchema } from '../../contract/profile';
import { findBankAddress, findBankById, setBankAddress, setBankLogo } from './bank-repository';
import { formatBankAddress, type BankAddress } from '../../contract/geography';
import { findStoredFile } from '../platform/files/file-repository';
import { findUserWithBank, updateUser, type UserWithBank } from './user-repository';
import type { Database } from '../platform/db/schema';
import type { FileStore } from '../platform/files/file-store';
import type { Clock } from '../platform/clock';
import { ServiceError, ValidationError } from '../platform/errors';
import { checkUpload, storeUploads, type Upload } from '../platform/files/uploads';
import { parseFields } from '../platform/validation';
import type { GeographyService, StructuredAddress } from '../master-data/geography-service';

interface ProfileDeps {
  db: Kysely<Database>;
  clock: Clock;
  fileStore: FileStore;
  geography: GeographyService;
}

/** The fields of the bank's address in a profile update; any of them makes it an address change. */
const ADDRESS_FIELDS = ['address', 'provinceId', 'cityId', 'districtId', 'villageId', 'zipCode'] as const;
const PICKED_FIELDS = ['provinceId', 'cityId', 'districtId', 'villageId', 'zipCode'] as const;
const sent = (fields: Record<string, unknown>, name: string) => fields[name] !== undefined && fields[name] !== '';

interface Actor {
  userId: string;
  role: Role;
}

export function createProfileService(deps: ProfileDeps) {
  const { db, clock } = deps;

  const load = async (userId: string): Promise<UserWithBank> => {
    const user = await findUserWithBank(db, userId);
    // The token outlived its user (deleted account): treat it as an invalid session.
    if (!user) throw new ServiceError('unauthenticated', 'Sesi tidak valid atau sudah berakhir. Silakan login kembali.');
    return user;
  };

  return {
    detail: (actor: Actor) => load(actor.userId),

    /**
     * Updates the fields that were sent; a logo replaces the bank's logo, and the address fields
     * the bank's address: only an ADMIN may send either.
     */
    async update(actor: Actor, fields: Record<string, unknown>, logo: Upload | null): Promise<UserWithBank> {
      const problems: string[] = [];
      if (actor.role !== 'ADMIN' && ADDRESS_FIELDS.some((name) => sent(fields, name))) {
        throw new ServiceError('forbidden', 'Hanya admin yang dapat mengubah alamat bank.');
      }
      const parsed = parseFields(profileUpdateFieldsSchema, fields);
      if (!parsed.success) problems.push(...parsed.messages);
      // Sent picked areas replace the stored ones together; they must exist and nest.
      let picked: StructuredAddress | null = null;
      if (PICKED_FIELDS.some((name) => sent(fields, name))) {
        const checked = await deps.geography.checkAddress(fields);
        if (checked.ok) picked = checked.address;
        else problems.push(...checked.messages.filter((message) => !problems.includes(message)));
      }
      let logoType: 'image/png' | 'image/jpeg' | null = null;
      if (logo) {
        if (actor.role !== 'ADMIN') throw new ServiceError('forbidden', 'Hanya admin yang dapat mengganti logo bank.');
        const result = checkUpload(logo, { label: 'Logo', maxBytes: PROFILE_LOGO_MAX_BYTES, allowed: ['image/png', 'image/jpeg'], allowedText: 'PNG atau JPEG' });
        if ('problem' in result) problems.push(result.problem);
        else logoType = result.mediaType as 'image/png' | 'image/jpeg';
      }
      if (!parsed.success || problems.length > 0) throw new ValidationError(problems);

      const user = await load(actor.userId);
      const now = clock.now().toISOString();
      const stored = logo && logoType ? await storeUploads(deps.fileStore, [{ upload: logo, mediaType: logoType, purpose: 'logo' }], now) : null;
      try {
        await db.transaction().execute(async (trx) => {
          const { name, phone, address } = parsed.data;
          if (address !== undefined || picked) await setBankAddress(trx, user.bank_id, { street: address, picked }, now);
          if (name !== undefined || phone !== undefined) {
            await updateUser(trx, user.id, {
              ...(name !== undefined ? { name } : {}),
              ...(phone !== undefined ? { phone: phone.replace(/[\s-]/g, '') } : {}),
              updated_at: now,
            });
          }
          if (stored) {
            await stored.record(trx);
            await setBankLogo(trx, user.bank_id, stored.rows[0]!.id, now);
          }
        });
      } catch (error) {
        await stored?.undo();
        throw error;
      }
      return load(actor.userId);
    },

    /** The bytes and type of a bank logo, or null when the id is not a logo. */
    async logoFile(fileId: string): Promise<{ mediaType: string; bytes: Uint8Array } | null> {
      if (!/^[A-Za-z0-9-]{1,64}$/.test(fileId)) return null;
      const row = await findStoredFile(db, fileId);
      if (!row || row.purpose !== 'logo') return null;
      const bytes = await deps.fileStore.get(row.id);
      return bytes ? { mediaType: row.media_type, bytes } : null;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;

/**
 * The bank's address on one line, for the documents drawn for it: the street line followed by
 * the picked village, district, city, province and postal code when the bank has them.
 */
async function bankAddressLine(db: Kysely<Database>, bankId: string): Promise<string | null> {
  const address = await findBankAddress(db, bankId);
  if (!address) return null;
  return address.city ? formatBankAddress(address) : address.street;
}

/** For the documents drawn for a bank (bilyet, ARO letter, courier label): its name, address and logo. */
export async function bankLetterhead(db: Kysely<Database>, fileStore: FileStore, bankId: string): Promise<{ name: string; address: string | null; logo: Uint8Array | null }> {
  const bank = await findBankById(db, bankId);
  if (!bank) throw new Error(`bank ${bankId} does not exist`);
  const logo = bank.logo_file_id ? await fileStore.get(bank.logo_file_id) : null;
  return { name: bank.name, address: await bankAddressLine(db, bankId), logo };
}

/** The bank as an invoice names the party billed: its name, NPWP and address line. */
export async function bankBillingParty(db: Kysely<Database>, bankId: string): Promise<{ name: string; npwp: string | null; address: string | null }> {
  const bank = await findBankById(db, bankId);
  if (!bank) throw new Error(`bank ${bankId} does not exist`);
  return { name: bank.name, npwp: bank.npwp, address: await bankAddressLine(db, bankId) };
}

/**
 * Who a courier calls at the bank: the bank's name and address (with the picked areas when the
 * bank has them: `place`), and the phone of the staff member booking (or else of any active staff
 * member who left one; the bank itself keeps no phone yet).
 */
export async function bankCourierContact(
  db: Kysely<Database>,
  bankId: string,
  userId: string,
): Promise<{ name: string; address: string | null; place: BankAddress | null; contact: string | null; phone: string | null }> {
  const bank = await findBankById(db, bankId);
  if (!bank) throw new Error(`bank ${bankId} does not exist`);
  const staff = await db
    .selectFrom('users')
    .select(['id', 'name', 'phone'])
    .where('bank_id', '=', bankId)
    .where('active', '=', 1)
    .where('phone', 'is not', null)
    .where('phone', '!=', '')
    .orderBy('created_at')
    .execute();
  const reachable = staff.find((user) => user.id === userId) ?? staff[0];
  const place = (await findBankAddress(db, bankId)) ?? null;
  return { name: bank.name, address: bank.address, place: place?.city ? place : null, contact: reachable?.name ?? null, phone: reachable?.phone ?? null };
}
