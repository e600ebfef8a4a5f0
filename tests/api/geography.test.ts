import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geographyAreaSchema, zipSearchResultSchema } from '../../contract/geography';
import { dialects, startTestServer, type TestServer } from './harness';

/**
 * API.md "Master data (v2-general)" over HTTP on the full imported dataset (migration 0015), with
 * facts checked by hand against Kemendagri's codes and Pos Indonesia's postal codes.
 */
describe.each(dialects)('geography on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const geography = (query: string) => t.call('GET', `/api-v2-general/geography?${query}`);
  const search = (query: string) => t.call('GET', `/api-v2-general/geography/zip-code/search?${query}`);

  it('lists the 38 provinces with their Kemendagri codes, publicly (no token), cacheable for an hour', async () => {
    const answer = await geography('level=province');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
    const provinces = geographyAreaSchema.array().parse(answer.body.data);
    expect(provinces).toHaveLength(38);
    const byId = new Map(provinces.map((area) => [area.id, area.name]));
    expect(byId.get('31')).toBe('Daerah Khusus Ibukota Jakarta');
    expect(byId.get('32')).toBe('Jawa Barat');
    expect(byId.get('51')).toBe('Bali');
    // The provinces created in 2022.
    expect(byId.get('93')).toBe('Papua Selatan');
    expect(byId.get('96')).toBe('Papua Barat Daya');
    expect(provinces.map((area) => area.name)).toEqual([...provinces.map((area) => area.name)].sort());
  });

  it('walks down: DKI Jakarta has Kepulauan Seribu and five administrative cities; Gambir is 10110', async () => {
    const cities = (await geography('level=city&parentId=31')).body.data;
    expect(cities.map((area: { id: string }) => area.id).sort()).toEqual(['31.01', '31.71', '31.72', '31.73', '31.74', '31.75']);
    expect(cities).toContainEqual({ id: '31.71', name: 'Kota Administrasi Jakarta Pusat' });
    const districts = (await geography('level=district&parentId=31.71')).body.data;
    expect(districts).toHaveLength(8);
    expect(districts).toContainEqual({ id: '31.71.01', name: 'Gambir' });
    const villages = (await geography('level=village&parentId=31.71.01')).body.data;
    expect(villages).toContainEqual({ id: '31.71.01.1001', name: 'Gambir', zipCode: '10110' });
    expect(villages).toContainEqual({ id: '31.71.01.1002', name: 'Cideng', zipCode: '10150' });
  });

  it('holds the 2025 Kemendagri codes (idn-area-data 4): a district created since 2022 and the village moved into it', async () => {
    const db = t.server.database.db;
    const count = async (table: 'geo_provinces' | 'geo_cities' | 'geo_districts' | 'geo_villages') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect([await count('geo_provinces'), await count('geo_cities'), await count('geo_districts'), await count('geo_villages')]).toEqual([38, 514, 7285, 83762]);
    // Kabupaten Banggai (72.01): Tolisu was 72.01.09.2015 under the 2022 codes.
    const districts = (await geography('level=district&parentId=72.01')).body.data as Array<{ id: string; name: string }>;
    expect(districts.map((area) => area.id)).toContain('72.01.24');
    const villages = (await geography('level=village&parentId=72.01.24')).body.data as Array<{ id: string; name: string }>;
    expect(villages).toHaveLength(10);
    expect(villages).toContainEqual(expect.objectContaining({ id: '72.01.24.2001', name: 'Tolisu' }));
    expect((await geography('level=village&parentId=72.01.09')).body.data).not.toContainEqual(expect.objectContaining({ name: 'Tolisu' }));
  });

  it('a bearer token is not needed and a bad one is not held against the request', async () => {
    const answer = await t.call('GET', '/api-v2-general/geography?level=province', { token: 'not-a-token' });
    expect(answer.status).toBe(200);
  });

  it('searches by postal-code prefix, in code order, only codes that start so', async () => {
    const answer = await search('q=40115');
    expect(answer.status).toBe(200);
    const rows = zipSearchResultSchema.array().parse(answer.body.data);
    expect(rows).toContainEqual({
      zipCode: '40115',
      village: 'Citarum',
      district: 'Bandung Wetan',
      city: 'Kota Bandung',
      province: 'Jawa Barat',
      villageId: '32.73.09.1003',
      districtId: '32.73.09',
      cityId: '32.73',
      provinceId: '32',
    });
    const prefix = zipSearchResultSchema.array().parse((await search('q=101&limit=50')).body.data);
    expect(prefix.length).toBeGreaterThan(5);
    expect(prefix.every((row) => row.zipCode!.startsWith('101'))).toBe(true);
    const codes = prefix.map((row) => row.zipCode!);
    expect(codes).toEqual([...codes].sort());
    expect(prefix[0]).toMatchObject({ zipCode: '10110', village: 'Gambir' });
  });

  it('searches by place name: the villages named so first, then villages of districts and cities named so', async () => {
    const rows = zipSearchResultSchema.array().parse((await search('q=gambir&limit=50')).body.data);
    // "Gambir" itself, then names starting so ("Gambiran"), then names with it later ("Lae Gambir").
    expect(rows[0]).toMatchObject({ village: 'Gambir', district: 'Gambir', zipCode: '10110' });
    const villageNames = rows.map((row) => row.village.toLowerCase());
    const lastStarting = villageNames.findLastIndex((name) => name.startsWith('gambir'));
    const firstLater = villageNames.findIndex((name) => !name.startsWith('gambir'));
    expect(lastStarting).toBeGreaterThan(0);
    expect(firstLater === -1 || firstLater > lastStarting).toBe(true);
    expect(new Set(rows.map((row) => row.villageId)).size).toBe(rows.length);

    // A district's name lists its villages first: Kecamatan Bandung Wetan has three.
    const district = zipSearchResultSchema.array().parse((await search('q=bandung%20wetan')).body.data);
    expect(district.slice(0, 3).map((row) => `${row.village} ${row.zipCode}`)).toEqual(['Cihapit 40114', 'Citarum 40115', 'Taman Sari 40116']);
    // Then rows holding both words apart, each at the start of a word ("Cileunyi Wetan", not "Kebawetan").
    expect(district.length).toBeGreaterThan(3);
    for (const row of district.slice(3)) expect(`${row.village} ${row.district} ${row.city}`.toLowerCase()).toMatch(/(?=.*\bbandung)(?=.*\bwetan)/);

    const narrowed = zipSearchResultSchema.array().parse((await search('q=sukajadi%20bandung&limit=50')).body.data);
    expect(narrowed.length).toBeGreaterThan(0);
    for (const row of narrowed) expect(`${row.village} ${row.district} ${row.city}`.toLowerCase()).toMatch(/(?=.*\bsukajadi)(?=.*\bbandung)/);
    expect(narrowed).toContainEqual(expect.objectContaining({ village: 'Pasteur', district: 'Sukajadi', city: 'Kota Bandung', zipCode: '40161' }));

    // Case, apostrophes and spaces do not matter; the city's kind word is not a search term.
    const city = zipSearchResultSchema.array().parse((await search('q=Jakarta%20Pusat&limit=50')).body.data);
    expect(city).toHaveLength(44);
    expect(city.every((row) => row.cityId === '31.71')).toBe(true);
    // The dataset writes Madurese apostrophes as quotes ("Soka\"an"); either way finds it.
    const apostrophe = zipSearchResultSchema.array().parse((await search(`q=${encodeURIComponent("soka'an")}`)).body.data);
    expect(apostrophe).toContainEqual(expect.objectContaining({ villageId: '35.13.15.2017', village: 'Soka"an' }));
    const kind = zipSearchResultSchema.array().parse((await search('q=kota&limit=50')).body.data);
    expect(kind.every((row) => `${row.village} ${row.district}`.toLowerCase().includes('kota'))).toBe(true);
  });

  it('answers at most `limit` rows (default 10)', async () => {
    expect((await search('q=sumber')).body.data).toHaveLength(10);
    expect((await search('q=sumber&limit=50')).body.data).toHaveLength(50);
    expect((await search('q=zzzqx')).body.data).toEqual([]);
  });

  it('refuses bad input with 400 and an Indonesian sentence, never 5xx', async () => {
    const cases: Array<[string, string]> = [
      ['/geography?level=kota', 'Tingkat wilayah harus salah satu dari: province, city, district, village.'],
      ['/geography', 'Tingkat wilayah harus salah satu dari: province, city, district, village.'],
      ['/geography?level=city', 'parentId wajib diisi untuk tingkat city: kode provinsi, contoh 32.'],
      ['/geography?level=district&parentId=32', 'parentId untuk tingkat district harus kode kota/kabupaten, contoh 32.73.'],
      ['/geography?level=province&parentId=31', 'Provinsi tidak memiliki wilayah induk; kirim tanpa parentId.'],
      ['/geography/zip-code/search?q=40115&limit=51', 'Batas jumlah hasil paling banyak 50.'],
      ['/geography/zip-code/search?q=40115&limit=0', 'Batas jumlah hasil minimal 1.'],
      ['/geography/zip-code/search?q=40115&limit=lima', 'Batas jumlah hasil harus berupa angka.'],
      ['/geography/zip-code/search?q=40', 'Kata pencarian minimal 3 huruf atau angka: awal kode pos (contoh 401) atau nama tempat.'],
      ['/geography/zip-code/search?q=%27%27%20-', 'Kata pencarian minimal 3 huruf atau angka: awal kode pos (contoh 401) atau nama tempat.'],
      ['/geography/zip-code/search', 'Kata pencarian wajib diisi.'],
      ['/geography/zip-code/search?q=401150', 'Kode pos paling banyak 5 angka.'],
    ];
    for (const [path, message] of cases) {
      const answer = await t.call('GET', `/api-v2-general${path}`);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(answer.body.message, path).toContain(message);
    }
  });

  it('an unknown parent is 404 in Indonesian; a known one without children is an empty list', async () => {
    const unknown = await geography('level=city&parentId=99');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Provinsi dengan kode 99 tidak ditemukan.');
    expect((await geography('level=village&parentId=31.71.99')).body.message).toBe('Kecamatan dengan kode 31.71.99 tidak ditemukan.');
  });

  it('prefix and name searches walk indexes, not the 83,762 villages', async () => {
    const db = t.server.database.db;
    const explain = dialect === 'sqlite' ? sql`explain query plan` : sql`explain`;
    const plan = async (query: ReturnType<typeof sql>) => JSON.stringify((await sql`${explain} ${query}`.execute(db)).rows);
    const zip = await plan(sql`select id from geo_villages where zip_code >= 40100 and zip_code < 40200 order by zip_code, id limit 10`);
    const name = await plan(sql`select area_id from geo_search_terms where level = 1 and term >= 'gambir' and term < 'gambis' order by term, area_id limit 10`);
    expect(zip).toContain('geo_villages_zip_idx');
    expect(name).toContain('geo_search_terms_idx');
    // SQLite: no sort of the matches, the index gives them in order and the walk stops at the limit.
    expect(`${zip}${name}`).not.toMatch(dialect === 'sqlite' ? /TEMP B-TREE|SCAN geo/ : /Seq Scan/);
  });
});
