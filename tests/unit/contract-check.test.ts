import { describe, expect, it } from 'vitest';
import { checkAnswer, contractProblems } from '../api/support/contract-check';

/** The API suite's contract check (tests/api/support/contract-check.ts), on answers made by hand. */
function answer(status: number, body: unknown, contentType = 'application/json; charset=UTF-8') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { status, headers: new Headers({ 'content-type': contentType }), body: typeof body === 'string' ? undefined : body, text };
}

const healthy = { statusCode: 200, message: 'OK', data: { status: 'ok', database: 'ok' } };
const COUNTS = { pending: 1, approved: 0, active: 2, breakRequested: 0, matured: 0, disbursing: 0, closed: 0, rejected: 0, cancelled: 0 };

describe('contract check', () => {
  it('passes an answer that keeps to its documented schema, query string and all', () => {
    expect(contractProblems('GET', '/healthz?x=1', answer(200, healthy))).toEqual([]);
    expect(contractProblems('GET', '/api-v2-bpr/invoice/list-count-all-deposito', answer(200, { statusCode: 200, message: 'OK', data: { counts: COUNTS, total: 3 } }))).toEqual([]);
  });

  it('fails a field the schema does not name, a required field left out and a wrong type', () => {
    expect(contractProblems('GET', '/healthz', answer(200, { ...healthy, data: { ...healthy.data, uptime: 5 } }))).toEqual(['/data/uptime: not in the documented schema']);
    expect(contractProblems('GET', '/healthz', answer(200, { ...healthy, data: { status: 'ok' } }))).toEqual(['/data/database: required by the document, absent from the answer']);
    expect(contractProblems('GET', '/healthz', answer(200, { ...healthy, data: { status: 'ok', database: 1 } }))).toEqual(['/data/database: integer 1 where string is documented']);
    expect(contractProblems('GET', '/api-v2-bpr/invoice/list-count-all-deposito', answer(200, { statusCode: 200, message: 'OK', data: { counts: { ...COUNTS, lost: 1 }, total: 4 } }))).toEqual([
      '/data/counts/lost: not in the documented schema',
    ]);
  });

  it('fails the drifts issue 17 found: monthly interest without its documented summary', () => {
    const page = { page: 1, limit: 20, total: 0, totalPages: 0 };
    const month = { statusCode: 200, message: 'OK', data: [], meta: page, period: '2026-03', summary: { count: 0, gross: 0, tax: 0, net: 0 } };
    expect(contractProblems('GET', '/api-v2-bpr/deposito/monthly-interest?period=2026-03', answer(200, month))).toEqual([]);
    const { summary: _summary, ...withoutSummary } = month;
    expect(contractProblems('GET', '/api-v2-bpr/deposito/monthly-interest', answer(200, withoutSummary))).toEqual(['/summary: required by the document, absent from the answer']);
  });

  it('fails a status the operation does not document, and a file in an undocumented media type', () => {
    expect(contractProblems('GET', '/healthz', answer(409, { statusCode: 409, message: 'x', error: 'Conflict' }))[0]).toMatch(/^status 409 is not documented for GET \/healthz/);
    expect(contractProblems('GET', '/api-v2-bpr/deposito/bilyet/print?depositId=x', answer(200, '%PDF-1.7', 'application/pdf'))).toEqual([]);
    expect(contractProblems('GET', '/api-v2-bpr/deposito/bilyet/print?depositId=x', answer(200, '<html>', 'text/html'))).toEqual(['200 as text/html; documented: application/pdf']);
  });

  it('holds a path no operation documents to the error envelope under the API bases, and leaves the sandboxes and the SPA alone', () => {
    expect(contractProblems('GET', '/api-v2-bpr/tidak-ada', answer(404, { statusCode: 404, message: 'Alamat yang diminta tidak ditemukan.', error: 'Not Found' }))).toEqual([]);
    expect(contractProblems('GET', '/api-v2-bpr/tidak-ada', answer(200, healthy))).toEqual(['200 from a path no operation documents']);
    expect(contractProblems('POST', '/sandbox/jne/control/advance', answer(200, { anything: true }))).toEqual([]);
    expect(contractProblems('GET', '/deposito', answer(200, '<!doctype html>', 'text/html'))).toEqual([]);
  });

  it('throws from the harness hook, naming the call and the drift', () => {
    expect(() => checkAnswer('GET', '/healthz', answer(200, { ...healthy, extra: 1 }))).toThrow('The answer of GET /healthz (200) differs from the OpenAPI document:\n  /extra: not in the documented schema');
  });
});
