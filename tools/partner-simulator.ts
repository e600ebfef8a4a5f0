/**
 * A channel partner's platform, in a process of its own: what a partner's engineers write to
 * place deposits through Berjangka's partner API and to hear what became of them. Read it as the
 * example of a complete client (README "The partner API").
 *
 *   npm run partner -- place [--bank N] [--amount RUPIAH]      places one deposit, prints the answer
 *   npm run partner -- simulate [--rate N] [--count N]         N placements a minute (default 6), and
 *                                                              listens for the notifications, verified
 *   npm run partner -- status <partnerReferenceNo>             its status, documents as 15-minute links
 *   npm run partner -- cancel <partnerReferenceNo> [--reason]  takes back a placement not yet decided
 *   options: --url http://localhost:3000   --credentials DATA_DIR/demo-partner.json   --listen 4100
 *
 * The credentials file is what `npm start` writes for the demo partner DEMO-MITRA (client key,
 * client secret, private key, notification secret, the banks it may place at).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { PARTNER_API_BASE } from '../contract/partner';
import { signAccessTokenRequest, signRequest, snapTimestamp } from '../server/partner/snap-signature';

export interface PartnerCredentials {
  clientKey: string;
  clientSecret: string;
  privateKeyPem: string;
  notificationSecret?: string;
  banks: Array<{ bankCode: string; name: string }>;
}

export interface SnapAnswer {
  status: number;
  body: Record<string, unknown> & { responseCode?: string; responseMessage?: string };
}

/** The partner's side of SNAP: an access token kept until a minute before it ends, and every call signed. */
export function snapClient(baseUrl: string, credentials: PartnerCredentials, now: () => Date = () => new Date()) {
  let token: { value: string; until: number } | null = null;
  let sequence = 0;

  async function accessToken(): Promise<string> {
    if (token && token.until - 60_000 > now().getTime()) return token.value;
    const timestamp = snapTimestamp(now());
    const response = await fetch(`${baseUrl}${PARTNER_API_BASE}/v1.0/access-token/b2b`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-client-key': credentials.clientKey, 'x-signature': signAccessTokenRequest(credentials.privateKeyPem, credentials.clientKey, timestamp) },
      body: JSON.stringify({ grantType: 'client_credentials' }),
    });
    const body = (await response.json()) as { accessToken?: string; expiresIn?: string; responseMessage?: string };
    if (response.status !== 200 || !body.accessToken) throw new Error(`access token ditolak: ${response.status} ${body.responseMessage ?? ''}`);
    token = { value: body.accessToken, until: now().getTime() + Number(body.expiresIn ?? 900) * 1000 };
    return token.value;
  }

  /** One signed call; a POST carries a new X-EXTERNAL-ID (reuse `externalId` to retry the same request). */
  async function call(method: 'GET' | 'POST', path: string, json?: unknown, externalId?: string): Promise<SnapAnswer> {
    const accessTokenValue = await accessToken();
    const fullPath = `${PARTNER_API_BASE}${path}`;
    const body = json === undefined ? '' : JSON.stringify(json);
    const timestamp = snapTimestamp(now());
    sequence += 1;
    const response = await fetch(`${baseUrl}${fullPath}`, {
      method,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${accessTokenValue}`,
        'x-timestamp': timestamp,
        'x-partner-id': credentials.clientKey,
        'x-external-id': externalId ?? `${now().getTime()}${String(sequence).padStart(6, '0')}`,
        'channel-id': '95221',
        'x-signature': signRequest(credentials.clientSecret, { method, path: fullPath, accessToken: accessTokenValue, body, timestamp }),
      },
      ...(method === 'POST' ? { body } : {}),
    });
    return { status: response.status, body: (await response.json()) as SnapAnswer['body'] };
  }

  return { accessToken, call };
}

type SnapClient = ReturnType<typeof snapClient>;

const FIRST_NAMES = ['Ayu', 'Budi', 'Citra', 'Dewi', 'Eko', 'Fajar', 'Gita', 'Hendra', 'Indah', 'Joko'];
const LAST_NAMES = ['Lestari', 'Santoso', 'Wijaya', 'Pratama', 'Kusuma', 'Hidayat', 'Saputra', 'Permata'];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const two = (value: number) => String(value).padStart(2, '0');

/**
 * A customer as a partner's app collects it: someone living in Citarum, Bandung Wetan, Kota
 * Bandung, with a NIK that agrees with their birth date and gender (day + 40 for women).
 */
export function sampleCustomer(): Record<string, unknown> {
  const female = Math.random() < 0.5;
  const birth = new Date(Date.UTC(1960 + Math.floor(Math.random() * 40), Math.floor(Math.random() * 12), 1 + Math.floor(Math.random() * 28)));
  const day = birth.getUTCDate() + (female ? 40 : 0);
  const nik = `327309${two(day)}${two(birth.getUTCMonth() + 1)}${two(birth.getUTCFullYear() % 100)}${String(1 + Math.floor(Math.random() * 9998)).padStart(4, '0')}`;
  const name = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
  return {
    type: 'INDIVIDUAL', name, nik, birthPlace: 'Bandung', birthDate: birth.toISOString().slice(0, 10), gender: female ? 'FEMALE' : 'MALE',
    motherMaidenName: 'Siti Aminah', occupation: 'Karyawan swasta', sourceOfFunds: 'Gaji', accountPurpose: 'Simpanan berjangka',
    address: `Jl. Citarum No. ${1 + Math.floor(Math.random() * 90)}`, rtRw: '003/005', provinceId: '32', cityId: '32.73', districtId: '32.73.09', villageId: '32.73.09.1003', zipCode: '40115',
    phone: `0812${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    payoutAccount: { bankCode: '014', accountNumber: String(8_000_000_000 + Math.floor(Math.random() * 999_999_999)), accountName: name },
  };
}

/** Places one deposit at the bank: a product and tenor of today's offer (GET /v1.0/products), quoting its rate. */
export async function placeOne(client: SnapClient, bankCode: string, options: { amount?: number; reference?: string } = {}): Promise<SnapAnswer> {
  const offer = await client.call('GET', `/v1.0/products?bankCode=${encodeURIComponent(bankCode)}`);
  if (offer.status !== 200) return offer;
  const products = (offer.body.products as Array<{ productCode: string; interestPayment: string; minAmount: number; maturityInstructions: string[]; tenors: Array<{ tenorMonths: number; rateBps: number }> }>).filter((product) => product.tenors.length > 0);
  if (products.length === 0) throw new Error('bank ini tidak menawarkan produk hari ini');
  const product = pick(products);
  const tenor = pick(product.tenors);
  const amount = options.amount ?? Math.max(product.minAmount, (10 + Math.floor(Math.random() * 190)) * 1_000_000);
  const reference = options.reference ?? `SIM-${Date.now().toString(36).toUpperCase()}-${Math.floor(Math.random() * 1e6)}`;
  return client.call('POST', '/v1.0/deposito/placement', {
    bankCode,
    partnerReferenceNo: reference,
    customer: sampleCustomer(),
    productCode: product.productCode,
    tenorMonths: tenor.tenorMonths,
    amount,
    maturityInstruction: pick(product.maturityInstructions),
    interestPayment: product.interestPayment,
    rateBps: tenor.rateBps,
    funding: { reference: `VA-${reference}`, paidAt: offer.body.date as string },
  });
}

/** Listens for Berjangka's notifications on `port`, answering 204 to each one whose Standard Webhooks signature holds and 401 otherwise. */
export function startReceiver(port: number, notificationSecret: string | (() => string), onEvent: (event: { id: string; type: string; data: Record<string, unknown> }) => void): Promise<Server> {
  const secretOf = typeof notificationSecret === 'string' ? () => notificationSecret : notificationSecret;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      try {
        const event = new Webhook(secretOf()).verify(body, request.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
        onEvent({ id: String(request.headers['webhook-id']), ...event });
        response.statusCode = 204;
      } catch {
        response.statusCode = 401;
      }
      response.end();
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

function option(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index >= 0) return args[index + 1];
  return args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

async function main(args: string[]): Promise<void> {
  const [command] = args;
  const file = option(args, 'credentials') ?? join(process.env.DATA_DIR ?? 'data', 'demo-partner.json');
  const credentials = JSON.parse(readFileSync(file, 'utf8')) as PartnerCredentials;
  const client = snapClient(option(args, 'url') ?? `http://localhost:${process.env.PORT ?? 3000}`, credentials);
  const bank = credentials.banks[Number(option(args, 'bank') ?? 0)];
  if (!bank) throw new Error(`tidak ada bank ke-${option(args, 'bank')} di ${file}`);
  const amount = option(args, 'amount');

  if (command === 'place') {
    const answer = await placeOne(client, bank.bankCode, amount ? { amount: Number(amount) } : {});
    console.log(`${bank.name}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
    if (answer.status !== 200) process.exitCode = 1;
    return;
  }
  if (command === 'simulate') {
    if (!credentials.notificationSecret) throw new Error(`${file} tidak berisi notificationSecret`);
    const port = Number(option(args, 'listen') ?? 4100);
    const receiver = await startReceiver(port, credentials.notificationSecret, (event) => console.log(`notifikasi ${event.type}: ${String(event.data.partnerReferenceNo)} → ${String(event.data.status)} (${event.id})`));
    console.log(`Mitra mendengarkan notifikasi di http://127.0.0.1:${port}/berjangka/notifikasi; Ctrl-C untuk berhenti.`);
    const perMinute = Number(option(args, 'rate') ?? 6);
    const limit = Number(option(args, 'count') ?? Infinity);
    let placed = 0;
    const timer = setInterval(() => {
      if (placed >= limit) return;
      placed += 1;
      placeOne(client, pick(credentials.banks).bankCode, amount ? { amount: Number(amount) } : {})
        .then((answer) => console.log(`penempatan ${placed}: HTTP ${answer.status} ${answer.body.responseCode} ${String(answer.body.partnerReferenceNo ?? answer.body.responseMessage)}`))
        .catch((error: unknown) => console.error(`penempatan ${placed} gagal: ${error instanceof Error ? error.message : String(error)}`));
    }, 60_000 / perMinute);
    process.on('SIGINT', () => {
      clearInterval(timer);
      receiver.close();
      process.exit(0);
    });
    return;
  }
  // What else a partner asks about its placement: its status (with 15-minute document links), or to cancel it.
  const reference = args[1];
  if ((command === 'status' || command === 'cancel') && reference && !reference.startsWith('--')) {
    const answer =
      command === 'status'
        ? await client.call('GET', `/v1.0/deposito/${encodeURIComponent(reference)}`)
        : await client.call('POST', '/v1.0/deposito/cancel', { partnerReferenceNo: reference, reason: option(args, 'reason') ?? 'Dibatalkan nasabah di aplikasi mitra.' });
    console.log(`HTTP ${answer.status} ${JSON.stringify(answer.body, null, 2)}`);
    if (answer.status !== 200) process.exitCode = 1;
    return;
  }
  console.error(
    'Pemakaian: npm run partner -- place [--bank N] [--amount RUPIAH] | simulate [--rate N] [--count N] [--listen 4100] | status <partnerReferenceNo> | cancel <partnerReferenceNo> [--reason TEKS]  (--url, --credentials)',
  );
  process.exitCode = 2;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
