import { readFileSync } from 'node:fs';
import { ServiceError } from '../platform/errors';
import type { PartnerAdminService } from '../partner/partner-admin-service';

export const PARTNER_USAGE =
  'partner create <kode> <nama> --public-key <berkas PEM> [--fee-bps <bps>] | partner allow <kode> <id bank> | partner set-url <kode> <url>' +
  ' | partner rotate-secret <kode> | partner list | partner deliveries --failed | partner resend <id notifikasi>';

/** Options that take no value. */
const FLAGS = new Set(['failed']);

/** `--name value` or `--name=value` (`--failed` alone), and the arguments that are not options. */
function split(args: readonly string[]): { positional: string[]; options: Record<string, string> } {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    if (!match) positional.push(arg);
    else if (match[2] !== undefined) options[match[1]!] = match[2];
    else if (FLAGS.has(match[1]!)) options[match[1]!] = 'true';
    else options[match[1]!] = args[(index += 1)] ?? '';
  }
  return { positional, options };
}

/**
 * `npm run admin -- partner …` (API.md "The channel partner's door"): a secret is printed once,
 * when it is made, for the operator to hand to the partner; it is never logged or shown again.
 */
export async function runPartnerCommand(partners: PartnerAdminService, args: readonly string[], print: (line: string) => void): Promise<void> {
  const [subcommand, ...rest] = args;
  const { positional, options } = split(rest);
  const [code, value] = positional;
  const need = (what: string | undefined, label: string): string => {
    if (!what) throw new ServiceError('invalid', `${label} wajib diisi.\nPemakaian: npm run admin -- ${PARTNER_USAGE}`);
    return what;
  };
  switch (subcommand) {
    case 'create': {
      const file = need(options['public-key'], 'Berkas kunci publik (--public-key)');
      let publicKeyPem: string;
      try {
        publicKeyPem = readFileSync(file, 'utf8');
      } catch {
        throw new ServiceError('invalid', `Berkas kunci publik ${file} tidak dapat dibaca.`);
      }
      const feeBps = options['fee-bps'] === undefined ? undefined : Number(options['fee-bps']);
      const created = await partners.create({ code: need(code, 'Kode mitra'), name: need(positional.slice(1).join(' ') || undefined, 'Nama mitra'), publicKeyPem, ...(feeBps === undefined ? {} : { feeBps }) });
      print(`Mitra ${code} mendapat akses API. Serahkan kepada mitra (rahasia ini tidak ditampilkan lagi):`);
      print(`  Client key    : ${created.clientKey}`);
      print(`  Client secret : ${created.clientSecret}`);
      return;
    }
    case 'allow': {
      const { bankName } = await partners.allowBank(need(code, 'Kode mitra'), need(value, 'Id bank'));
      print(`Mitra ${code} boleh menempatkan deposito di ${bankName} (${value}).`);
      return;
    }
    case 'set-url': {
      const { notificationSecret } = await partners.setNotificationUrl(need(code, 'Kode mitra'), need(value, 'URL notifikasi'));
      print(`Notifikasi mitra ${code} dikirim ke ${value}. Rahasia penanda tangan notifikasi (Standard Webhooks; tidak ditampilkan lagi):`);
      print(`  ${notificationSecret}`);
      return;
    }
    case 'rotate-secret': {
      const { clientSecret } = await partners.rotateSecret(need(code, 'Kode mitra'));
      print(`Client secret mitra ${code} diganti; yang lama dan access token yang sudah terbit tidak berlaku lagi.`);
      print(`  Client secret : ${clientSecret}`);
      return;
    }
    case 'list': {
      const rows = await partners.list();
      if (rows.length === 0) print('Belum ada mitra dengan akses API.');
      for (const row of rows) {
        print(`${row.channel_code}  ${row.name}  client key ${row.client_key}`);
        print(`  Notifikasi : ${row.notification_url ?? '-'}`);
        print(`  Bank       : ${row.banks.length === 0 ? '-' : row.banks.map((bank) => `${bank.name} (${bank.id})`).join(', ')}`);
        print(`  Rahasia diganti ${row.secret_changed_at}`);
      }
      return;
    }
    case 'deliveries': {
      if (options.failed === undefined) throw new ServiceError('invalid', `Sebutkan --failed: hanya notifikasi yang gagal yang ditampilkan.\nPemakaian: npm run admin -- ${PARTNER_USAGE}`);
      const failed = await partners.failedDeliveries();
      if (failed.length === 0) print('Tidak ada notifikasi yang gagal dikirim.');
      for (const message of failed) {
        const body = JSON.parse(message.body) as { data?: { partnerReferenceNo?: string } };
        print(`${message.id}  ${message.destination}  ${message.event_type}  ref ${body.data?.partnerReferenceNo ?? '-'}  dibuat ${message.created_at}`);
        print(`  ${message.attempts} kali dicoba; terakhir: ${message.last_status !== null ? `HTTP ${message.last_status}` : (message.last_error ?? '-')}`);
      }
      return;
    }
    case 'resend': {
      await partners.resend(need(code, 'Id notifikasi'));
      print(`Notifikasi ${code} dikirim lagi pada putaran berikutnya (id dan isinya tetap; dicoba lagi sampai 3 hari).`);
      return;
    }
    default:
      throw new ServiceError('invalid', `Pemakaian: npm run admin -- ${PARTNER_USAGE}`);
  }
}
