/**
 * Platform operator commands:
 *   npm run admin -- registrations [--all]   pending registrations (or all)
 *   npm run admin -- approve <id>            create the bank and its ADMIN user, mail a set-password link
 *   npm run admin -- reject <id>
 *   npm run admin -- unlock <email>          lift the login throttles of an account
 */
import { buildServer } from '../main';
import { ServiceError } from '../platform/errors';

const USAGE = 'Pemakaian: npm run admin -- registrations [--all] | approve <id> | reject <id> | unlock <email>';

async function main(args: string[]): Promise<void> {
  const [command, argument] = args;
  if (!command || !['registrations', 'approve', 'reject', 'unlock'].includes(command)) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const berjangka = await buildServer({ seed: false, config: process.env.LOG_LEVEL ? {} : { logLevel: 'warn' } });
  const { registration } = berjangka.services;
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
    if (!argument) {
      console.error(USAGE);
      process.exitCode = 2;
      return;
    }
    if (command === 'unlock') {
      const { cleared } = await berjangka.services.auth.unlockLoginOfEmail(argument);
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
