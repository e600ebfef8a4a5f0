/**
 * Platform operator commands:
 *   npm run admin -- registrations [--all]   pending registrations (or all)
 *   npm run admin -- approve <id>            create the bank and its ADMIN user, mail a set-password link
 *   npm run admin -- reject <id>
 *   npm run admin -- create-bank --name="BPR …" --email=… --contact="Nama" [--phone=…]
 *                                            create a bank and its ADMIN without the public registration
 *                                            (the first bank in production), mail a set-password link
 *   npm run admin -- unlock <email>          lift the login throttles of an account
 *   npm run admin -- channels                channel partners and their fee rates
 *   npm run admin -- channel <code> <bps> --name="PT …" [--npwp=…] [--from=YYYY-MM-DD]
 *                                            add or rename a partner, its fee rate from a date (default today)
 *   npm run admin -- invoice-paid <number> <reference> [--date=YYYY-MM-DD]
 *                                            record a bank's payment of a platform invoice (default today)
 *   npm run admin -- partner create <code> <name> --public-key <pem file> [--fee-bps <bps>]
 *                                            partner API credentials (the client key and secret printed once)
 *   npm run admin -- partner allow <code> <bank id> | set-url <code> <url> | rotate-secret <code> | list
 *   npm run admin -- partner deliveries --failed | resend <notification id>
 *                                            notifications no partner received in 3 days, and sending one again
 */
import { accountServices, openCore, partnerKeys } from '../core';
import { createPartnerAdminService } from '../partner/partner-admin-service';
import { PARTNER_USAGE, runPartnerCommand } from './partner-commands';
import { jakartaDate } from '../platform/business-date';
import { ServiceError } from '../platform/errors';
import { listChannelPartners, recordInvoicePayment, saveChannelPartner } from '../invoices/invoice-admin-service';

const USAGE =
  'Pemakaian: npm run admin -- registrations [--all] | approve <id> | reject <id> | create-bank --name="BPR …" --email=… --contact="Nama" [--phone=…] | unlock <email> | channels' +
  ' | channel <kode> <bps> --name="PT …" [--npwp=…] [--from=YYYY-MM-DD] | invoice-paid <nomor> <referensi> [--date=YYYY-MM-DD] | ' +
  PARTNER_USAGE;

/** `--key=value` options after the positional arguments. */
function options(args: readonly string[]): Record<string, string> {
  return Object.fromEntries(args.flatMap((arg) => {
    const match = /^--([a-z]+)=(.*)$/s.exec(arg);
    return match ? [[match[1]!, match[2]!]] : [];
  }));
}

async function main(args: string[]): Promise<void> {
  const [command, argument] = args;
  if (!command || !['registrations', 'approve', 'reject', 'create-bank', 'unlock', 'channels', 'channel', 'invoice-paid', 'partner'].includes(command)) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  // The core and the accounts' services only: none of the server's routes, documents or reports.
  const berjangka = await openCore({ seed: false, config: process.env.LOG_LEVEL ? {} : { logLevel: 'warn' } });
  const { auth, registration } = accountServices(berjangka);
  try {
    if (command === 'registrations') {
      const rows = await registration.list(argument === '--all' ? undefined : 'PENDING');
      if (rows.length === 0) console.log(argument === '--all' ? 'Belum ada pendaftaran.' : 'Tidak ada pendaftaran yang menunggu peninjauan.');
      for (const row of rows) {
        console.log(
          [
            `${row.id}  [${row.status}]  ${row.created_at}`,
            `  Bank        : ${row.bank_name} (izin OJK ${row.ojk_license_number}, NPWP ${row.npwp})`,
            `  Alamat      : ${row.address}`,
            `  Wilayah     : ${[row.province_id, row.city_id, row.district_id, row.village_id].filter(Boolean).join(' / ') || '-'} (kode pos ${row.zip_code ?? '-'})`,
            `  Kontak      : ${row.contact_name} <${row.email}> ${row.phone}`,
            `  Dokumen     : ${row.documentFileIds.length} berkas (${berjangka.config.dataDir}/files/<id>): ${row.documentFileIds.join(', ')}`,
          ].join('\n'),
        );
      }
      return;
    }
    const db = berjangka.database.db;
    if (command === 'partner') {
      const partners = createPartnerAdminService({ db, clock: berjangka.clock, sealingKey: partnerKeys(berjangka).sealingKey });
      await runPartnerCommand(partners, args.slice(1), (line) => console.log(line));
      return;
    }
    if (command === 'create-bank') {
      const given = options(args.slice(1));
      if (!given.name || !given.email || !given.contact) throw new ServiceError('invalid', `Nama bank, email dan nama admin wajib diisi.\n${USAGE}`);
      const created = await registration.createBank({ bankName: given.name, email: given.email, contactName: given.contact, phone: given.phone ?? null });
      console.log(`Bank ${created.bankId} (${given.name.trim()}) dibuat dengan admin ${created.email}; tautan atur kata sandi dikirim (berlaku 3 hari).`);
      if (!berjangka.config.smtpUrl) console.log(`Tautan (outbox ${berjangka.outboxDir}): ${created.link}`);
      return;
    }
    if (command === 'channels') {
      const partners = [...(await listChannelPartners(db)).values()];
      if (partners.length === 0) console.log('Belum ada mitra penyalur.');
      for (const partner of partners) {
        console.log(`${partner.code}  ${partner.name}  NPWP ${partner.npwp ?? '-'}`);
        for (const rate of partner.rates) console.log(`  mulai ${rate.effectiveFrom}: ${rate.feeBps} bps per tahun`);
      }
      return;
    }
    if (!argument) {
      console.error(USAGE);
      process.exitCode = 2;
      return;
    }
    const today = jakartaDate(new Date());
    if (command === 'channel') {
      const given = options(args.slice(3));
      const feeBps = Number(args[2]);
      if (!given.name) throw new ServiceError('invalid', `Nama mitra wajib diisi (--name="PT …").\n${USAGE}`);
      await saveChannelPartner(db, { code: argument, name: given.name, npwp: given.npwp ?? null, feeBps, effectiveFrom: given.from ?? today }, new Date().toISOString());
      console.log(`Mitra "${argument}" disimpan; tarif ${feeBps} bps per tahun berlaku mulai ${given.from ?? today}.`);
      return;
    }
    if (command === 'invoice-paid') {
      const reference = args[2];
      if (!reference || reference.startsWith('--')) throw new ServiceError('invalid', `Nomor referensi transfer wajib diisi.\n${USAGE}`);
      const paidOn = options(args.slice(3)).date ?? today;
      await recordInvoicePayment(db, { number: argument, paidOn, reference });
      console.log(`Tagihan ${argument} dicatat lunas pada ${paidOn} (referensi ${reference}).`);
      return;
    }
    if (command === 'unlock') {
      const { cleared } = await auth.unlockLoginOfEmail(argument);
      console.log(cleared > 0 ? `Blokir login ${argument} dibuka (${cleared} catatan dihapus).` : `Tidak ada blokir login untuk ${argument}.`);
    } else if (command === 'approve') {
      const approved = await registration.approve(argument);
      console.log(`Disetujui. Bank ${approved.bankId} dibuat dengan admin ${approved.email}; tautan atur kata sandi dikirim.`);
      if (!berjangka.config.smtpUrl) console.log(`Tautan (outbox ${berjangka.outboxDir}): ${approved.link}`);
    } else {
      await registration.reject(argument);
      console.log(`Pendaftaran ${argument} ditolak.`);
    }
  } catch (error) {
    if (error instanceof ServiceError) {
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    throw error;
  } finally {
    await berjangka.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
