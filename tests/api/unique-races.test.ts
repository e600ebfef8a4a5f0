import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../support/sample-files';
import { blob, dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';

/**
 * Issue 17, defect 6: inserts guarded by a unique key, sent at the same time. On PostgreSQL both
 * requests pass the "is it free?" read and the second insert hits the key; the answer must be
 * the same as on SQLite: one success and Indonesian 409s, never a 500.
 */
const ALREADY_ISSUED_OR_CHANGED = [
  'Bilyet deposito ini baru saja diubah oleh permintaan lain. Muat ulang, lalu periksa kembali.',
  'Data telah berubah, muat ulang.',
];

describe.each(dialects)('unique keys under parallel requests (%s)', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(dialect);
  });
  afterAll(async () => {
    await w?.stop();
  });

  const uploadBilyet = (depositId: string, bilyetNumber: string) => {
    const data = new FormData();
    data.set('depositId', depositId);
    data.set('bilyetNumber', bilyetNumber);
    data.set('file', blob(new Uint8Array(samplePdf()), 'application/pdf'), 'bilyet.pdf');
    return w.call('POST', '/deposito/upload-bilyet', { token: w.users.operator.token, form: data, headers: freshKey() });
  };

  it('parallel upload-bilyet on one deposit: one 200, the others 409 in Indonesian (three deposits, eight requests each)', async () => {
    const messages = new Set<string>();
    for (let round = 0; round < 3; round += 1) {
      const deposit = await w.inState('active');
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => uploadBilyet(deposit.id, `BLY-PARALEL-${dialect}-${round}-${i}`)));
      expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers.map((answer) => answer.body.message))).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      for (const answer of answers.filter((a) => a.status === 409)) messages.add(answer.body.message as string);
      expect((await w.row(deposit.id)).bilyet_status).toBe('issued');
    }
    // Whichever step a loser reached when the winner committed, it is told the bilyet changed or is issued.
    for (const message of messages) expect(ALREADY_ISSUED_OR_CHANGED.includes(message) || message.startsWith('Bilyet tidak dalam status '), message).toBe(true);
  });

  it('one bilyet number sent for several deposits at once: one 200, the others 409 saying the number is taken', async () => {
    const deposits = [await w.inState('active'), await w.inState('active'), await w.inState('active')];
    const answers = await Promise.all(deposits.map((deposit) => uploadBilyet(deposit.id, `BLY-SAMA-${dialect}`)));
    expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers.map((answer) => answer.body))).toEqual([200, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.message).toBe('Nomor bilyet sudah dipakai untuk bilyet lain di bank ini.');
  });
});
