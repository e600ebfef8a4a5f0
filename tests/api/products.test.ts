import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { successEnvelope } from '../../contract/envelope';
import { productListItemSchema } from '../../contract/product';
import { z } from 'zod';
import { dialects, startTestServer, type TestServer } from './harness';

const listSchema = successEnvelope(z.array(productListItemSchema));

describe.each(dialects)('GET /api-v1/{product}/all-product on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const rawHeaders = (token: string) => ({ headers: { authorization: token } });

  it("answers the token's bank's deposit products, sorted by name, with the raw token", async () => {
    const token = await t.login('supervisor@bpr-demo.test');
    const result = await t.call('GET', '/api-v1/deposito/all-product', rawHeaders(token));
    expect(result.status).toBe(200);
    const products = listSchema.parse(result.body).data;
    expect(products.length).toBeGreaterThan(0);
    const names = products.map((product) => product.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'id')));
    for (const product of products) {
      const months = product.tenors.map((tenor) => tenor.tenorMonths);
      expect(months).toEqual([...months].sort((a, b) => a - b));
      // Default LPS rate 6,00%: flagged exactly when a tenor pays more.
      expect(product.lpsFlag).toBe(product.tenors.some((tenor) => tenor.rateBps > 600));
    }
  });

  it('refuses the Bearer form with 401', async () => {
    const token = await t.login('supervisor@bpr-demo.test');
    const result = await t.call('GET', '/api-v1/deposito/all-product', { token });
    expect(result.status).toBe(401);
    expect(result.body.message).toBe('Format header Authorization tidak sesuai. Silakan login kembali.');
  });

  it('refuses a missing token with 401', async () => {
    const result = await t.call('GET', '/api-v1/deposito/all-product');
    expect(result.status).toBe(401);
  });

  it("never lists another bank's products", async () => {
    const demo = listSchema.parse((await t.call('GET', '/api-v1/deposito/all-product', rawHeaders(await t.login('supervisor@bpr-demo.test')))).body).data;
    const other = listSchema.parse((await t.call('GET', '/api-v1/deposito/all-product', rawHeaders(await t.login('admin@bpr-lain.test')))).body).data;
    expect(other.length).toBeGreaterThan(0);
    const demoIds = new Set(demo.map((product) => product.id));
    expect(other.filter((product) => demoIds.has(product.id))).toEqual([]);
  });

  it('answers an unknown product family with the 404 envelope', async () => {
    const token = await t.login('supervisor@bpr-demo.test');
    const result = await t.call('GET', '/api-v1/tabungan/all-product', rawHeaders(token));
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ statusCode: 404, message: 'Alamat yang diminta tidak ditemukan.', error: 'Not Found' });
  });
});
