import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/main';
import { storeUploads } from '../../server/platform/files/uploads';
import { startS3Server, type TestS3Server } from '../support/s3-server';
import { startWorld, freshKey, type World } from './deposit-fixtures';
import { blob, dialects, fakeFile, type DialectName } from './harness';

/**
 * FILE_STORE=disk, database and s3 (against an S3-compatible server this test starts, s3rver),
 * on each dialect: the three file flows — registration documents, a bank logo, a transfer proof —
 * keep their bytes in the chosen store and serve them back byte for byte (still as sandboxed
 * attachments); an upload whose transaction rolls back, or whose request fails at its commit,
 * leaves neither a stored_files row nor bytes.
 */

type StoreKind = 'disk' | 'database' | 's3';
const STORES: StoreKind[] = ['disk', 'database', 's3'];
const bucketOf = (dialect: DialectName) => `berjangka-${dialect}`;

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server(dialects.map(bucketOf));
});
afterAll(async () => {
  await s3?.close();
});

function registrationForm(email: string, npwp: string, documents: Array<{ bytes: Uint8Array; name: string; type: string }>): FormData {
  const form = new FormData();
  const fields = { bankName: 'BPR Berkas Aman', ojkLicenseNumber: 'KEP-9/D.03/2021', npwp, address: 'Jl. Arsip No. 9, Solo', contactName: 'Rahmat', email, phone: '081234567890' };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const document of documents) form.append('documents', blob(document.bytes, document.type), document.name);
  return form;
}

function proofForm(depositId: string, bytes: Uint8Array, paidAt = '2026-03-02'): FormData {
  const form = new FormData();
  form.set('depositId', depositId);
  form.set('reference', 'TRF-BERKAS-01');
  form.set('paidAt', paidAt);
  form.set('proof', blob(bytes, 'application/pdf'), 'bukti.pdf');
  return form;
}

describe.each(dialects.flatMap((dialect) => STORES.map((store) => [store, dialect] as const)))('FILE_STORE=%s on %s', (store, dialect) => {
  let w: World;
  let failNextCommit = false;
  beforeAll(async () => {
    w = await startWorld(dialect, '2026-03-02', {
      config: { fileStore: store === 's3' ? s3.config(bucketOf(dialect)) : { kind: store } },
      idempotencyHooks: {
        beforeCommit: async () => {
          if (!failNextCommit) return;
          failNextCommit = false;
          throw new Error('the test refuses this commit');
        },
      },
    });
  });
  afterAll(async () => {
    await w?.stop();
  });

  const filesDir = () => join(w.t.dataDir, 'files');
  /** Where the store keeps bytes, counted where it keeps them. */
  const bytesKept = async (): Promise<number> => {
    if (store === 'disk') return existsSync(filesDir()) ? readdirSync(filesDir()).length : 0;
    if (store === 'database') return Number((await w.db.selectFrom('file_contents').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return (await s3.keys(bucketOf(dialect))).length;
  };
  const isKeptInStore = async (id: string): Promise<boolean> => {
    if (store === 'disk') return existsSync(join(filesDir(), id));
    if (store === 'database') return (await w.db.selectFrom('file_contents').select('file_id').where('file_id', '=', id).executeTakeFirst()) !== undefined;
    return (await s3.keys(bucketOf(dialect))).includes(id);
  };
  const rowCount = async () => (await w.db.selectFrom('stored_files').select('id').execute()).length;

  let registrations = 0;
  const register = (form: FormData, headers: Record<string, string> = {}) => w.call('POST', '/auth/registration', { form, headers });
  const uniqueApplicant = () => {
    registrations += 1;
    return { email: `berkas-${registrations}@bpr-aman.test`, npwp: `02.345.678.9-012.${String(registrations).padStart(3, '0')}` };
  };

  it('keeps registration documents, a bank logo and a transfer proof in the store and serves them back byte for byte', async () => {
    const before = await bytesKept();

    const pdf = fakeFile('pdf', 3001);
    const jpeg = fakeFile('jpeg', 2500);
    const applicant = uniqueApplicant();
    const registered = await register(registrationForm(applicant.email, applicant.npwp, [
      { bytes: pdf, name: 'izin.pdf', type: 'application/pdf' },
      { bytes: jpeg, name: 'npwp.jpg', type: 'image/jpeg' },
    ]));
    expect(registered.status, registered.text).toBe(201);
    const documents = await w.db
      .selectFrom('registration_documents')
      .innerJoin('stored_files', 'stored_files.id', 'registration_documents.file_id')
      .select(['stored_files.id', 'stored_files.original_name'])
      .where('registration_id', '=', registered.body.data.id)
      .orderBy('stored_files.original_name')
      .execute();
    expect(documents.map((document) => document.original_name)).toEqual(['izin.pdf', 'npwp.jpg']);
    for (const [index, expected] of [pdf, jpeg].entries()) {
      expect(await isKeptInStore(documents[index]!.id)).toBe(true);
      expect(await w.t.server.fileStore.get(documents[index]!.id)).toEqual(expected);
    }

    const png = fakeFile('png', 4096);
    const logoForm = new FormData();
    logoForm.set('logo', blob(png, 'image/png'), 'logo.png');
    const updated = await w.call('POST', '/profile/update', { token: w.users.admin.token, form: logoForm });
    expect(updated.status, updated.text).toBe(200);
    const logo = await fetch(`${w.t.url}${updated.body.data.bpr.logoUrl as string}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('content-disposition')).toMatch(/^attachment; filename="logo-[0-9a-f-]{36}\.png"$/);
    expect(logo.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(new Uint8Array(await logo.arrayBuffer())).toEqual(png);

    const deposit = await w.inState('disbursing');
    const proofBytes = fakeFile('pdf', 5000);
    const paid = await w.call('POST', '/deposito/disbursement-paid', { token: w.users.supervisor.token, form: proofForm(deposit.id, proofBytes), headers: freshKey() });
    expect(paid.status, paid.text).toBe(200);
    const proofFileId = (await w.db.selectFrom('disbursements').select('proof_file_id').where('deposit_id', '=', deposit.id).executeTakeFirstOrThrow()).proof_file_id!;
    expect(await isKeptInStore(proofFileId)).toBe(true);
    const proof = await fetch(`${w.t.url}/api-v2-bpr/deposito/disbursement-proof/${proofFileId}`, { headers: { authorization: `Bearer ${w.users.operator.token}` } });
    expect(proof.status).toBe(200);
    expect(proof.headers.get('content-disposition')).toBe(`attachment; filename="bukti-transfer-${proofFileId}.pdf"`);
    expect(proof.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await proof.arrayBuffer())).toEqual(proofBytes);

    expect(await bytesKept()).toBe(before + 4);
    // Only the chosen store holds them: nothing went to DATA_DIR/files unless it is the store.
    if (store !== 'disk') expect(existsSync(filesDir())).toBe(false);
    if (store !== 'database') expect(await w.db.selectFrom('file_contents').select('file_id').execute()).toEqual([]);
  });

  it('an upload refused inside its transaction leaves neither a row nor bytes, with an Idempotency-Key or without', async () => {
    const rows = await rowCount();
    const bytes = await bytesKept();

    const deposit = await w.inState('disbursing');
    for (const headers of [freshKey(), {}]) {
      // The machine refuses a transfer dated after today, after the proof was taken in.
      const refused = await w.call('POST', '/deposito/disbursement-paid', { token: w.users.supervisor.token, form: proofForm(deposit.id, fakeFile('pdf', 2048), '2026-03-05'), headers });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toEqual(['Tanggal transfer tidak boleh setelah hari ini.']);
    }

    const applicant = uniqueApplicant();
    expect((await register(registrationForm(applicant.email, applicant.npwp, [{ bytes: fakeFile('pdf'), name: 'a.pdf', type: 'application/pdf' }]))).status).toBe(201);
    const afterFirst = { rows: await rowCount(), bytes: await bytesKept() };
    for (const headers of [freshKey(), {}]) {
      // A second pending registration with the same email: refused in the transaction that would record its documents.
      const again = await register(registrationForm(applicant.email, '03.111.222.3-444.000', [{ bytes: fakeFile('pdf'), name: 'b.pdf', type: 'application/pdf' }]), headers);
      expect(again.status).toBe(409);
    }
    expect({ rows: await rowCount(), bytes: await bytesKept() }).toEqual(afterFirst);
    expect(afterFirst).toEqual({ rows: rows + 1, bytes: bytes + 1 });
  });

  it('a file recorded in a transaction that fails later leaves neither a row nor bytes; until the commit nobody else sees it', async () => {
    const rows = await rowCount();
    const bytes = await bytesKept();
    const pdf = fakeFile('pdf', 1500);
    const upload = () => storeUploads(w.t.server.fileStore, [{ upload: { name: 'bukti.pdf', bytes: pdf }, mediaType: 'application/pdf', purpose: 'disbursement-proof' }], w.clock.now().toISOString());

    const failing = await upload();
    await expect(
      w.db.transaction().execute(async (trx) => {
        await failing.record(trx);
        throw new Error('a later step of the same transaction fails');
      }),
    ).rejects.toThrow('a later step');
    await failing.undo();
    expect(await rowCount()).toBe(rows);
    expect(await bytesKept()).toBe(bytes);
    expect(await w.t.server.fileStore.get(failing.rows[0]!.id)).toBeNull();

    const kept = await upload();
    const id = kept.rows[0]!.id;
    await w.db.transaction().execute(async (trx) => {
      await kept.record(trx);
      // On PostgreSQL another connection can look while the transaction is open (SQLite has one connection).
      if (dialect === 'postgres' && store === 'database') expect(await w.t.server.fileStore.get(id)).toBeNull();
    });
    expect(await w.t.server.fileStore.get(id)).toEqual(pdf);
    expect(await isKeptInStore(id)).toBe(true);
    expect({ rows: await rowCount(), bytes: await bytesKept() }).toEqual({ rows: rows + 1, bytes: bytes + 1 });
  });

  it('an upload whose request fails at its commit leaves neither a row nor bytes', async () => {
    const rows = await rowCount();
    const bytes = await bytesKept();
    const deposit = await w.inState('disbursing');
    failNextCommit = true;
    const failed = await w.call('POST', '/deposito/disbursement-paid', { token: w.users.supervisor.token, form: proofForm(deposit.id, fakeFile('pdf', 2048)), headers: freshKey() });
    expect(failed.status).toBe(500);
    expect(failNextCommit).toBe(false);
    expect((await w.row(deposit.id)).status).toBe('disbursing');
    expect(await rowCount()).toBe(rows);
    expect(await bytesKept()).toBe(bytes);
  });
});

describe('FILE_STORE=s3 at start', () => {
  it('a bucket that cannot be used stops the start, naming the bucket and the variables to check', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'berjangka-s3-start-'));
    const start = (fileStore: ReturnType<TestS3Server['config']>) => buildServer({ env: {}, seed: false, config: { fileStore, logLevel: 'silent', dataDir } });
    const reason = /^FILE_STORE=s3: cannot reach the bucket "(?:[a-z-]+)" at http:\/\/127\.0\.0\.1:\d+ \(check S3_BUCKET, S3_ENDPOINT, S3_REGION and the credentials\): /;
    try {
      await expect(start(s3.config('tidak-ada'))).rejects.toThrow(new RegExp(`${reason.source}NoSuchBucket, HTTP 404`));
      const wrongKey = s3.config(bucketOf('sqlite'));
      wrongKey.s3.credentials = { accessKeyId: 'SALAH', secretAccessKey: 'SALAH' };
      await expect(start(wrongKey)).rejects.toThrow(new RegExp(`${reason.source}InvalidAccessKeyId, HTTP 403`));
      expect(await s3.keys(bucketOf('sqlite'))).not.toContainEqual(expect.stringMatching(/start-check/));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
