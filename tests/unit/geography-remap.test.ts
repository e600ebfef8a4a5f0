import { describe, expect, it } from 'vitest';
import { splitCsvLine } from '../../server/platform/db/geography-dataset';
import { indexVillages, remapAddress, remapVillages, type VillageRow } from '../../server/platform/db/geography-remap';

const v = (id: string, name: string): VillageRow => ({ id, name, districtId: id.slice(0, 8) });

/** Rows shaped after real 2022 -> 2025 changes (idn-area-data 3.1.2 -> 4.0.1), cut down to a few per rule. */
const OLD = indexVillages([
  v('72.01.09.2015', 'Tolisu'),
  v('72.01.09.2012', 'Tohiti Sari'),
  v('72.01.09.2001', 'Piondo Lama'),
  v('96.01.05.1006', 'Warmon'),
  v('96.01.05.1007', 'Klabinain'),
  v('14.02.08.2002', 'Rantai Langsat'),
  v('74.02.36.1009', 'Watunggarandu'),
  v('74.02.36.2012', 'Watunggarandu'),
  v('81.05.02.2048', 'Kwawor Besar Ena'),
  v('81.05.02.2049', 'Kwawor Besar Witau'),
  v('33.05.10.2001', 'Sumberejo'),
  v('33.05.11.2001', 'Karanganyar'),
]);
const NEXT = indexVillages([
  v('72.01.09.2001', 'Piondo Lama'),
  v('72.01.24.2001', 'Tolisu'),
  v('72.01.24.2007', 'Tohitisari'),
  v('96.01.05.1007', 'Warmon'),
  v('96.01.05.1008', 'Klabinain'),
  v('14.02.08.2002', 'Rantau Langsat'),
  v('74.02.36.2012', 'Watunggarandu'),
  v('81.05.16.2004', 'Kwamor Besar Ena'),
  v('81.05.16.2005', 'Kwamor Besar Witau'),
  v('33.05.10.2001', 'Sumberrejo'),
  v('33.05.11.2001', 'Karanganyar'),
  v('33.05.12.2001', 'Sumberejo'),
]);
const remap = (...codes: string[]) => Object.fromEntries(remapVillages(codes, OLD, NEXT));

describe('2022 -> 2025 village codes (migration 0015), by hand', () => {
  it('rule 1: the same code and name stays', () => {
    expect(remap('72.01.09.2001', '33.05.11.2001')).toEqual({ '72.01.09.2001': '72.01.09.2001', '33.05.11.2001': '33.05.11.2001' });
  });

  it('rule 2: the one village of the city with the name, compared without spaces, is where it moved', () => {
    expect(remap('72.01.09.2015', '72.01.09.2012')).toEqual({ '72.01.09.2015': '72.01.24.2001', '72.01.09.2012': '72.01.24.2007' });
  });

  it('rule 2: renumbered one up, Warmon takes the code that was Klabinain\'s and Klabinain the next', () => {
    expect(remap('96.01.05.1006', '96.01.05.1007')).toEqual({ '96.01.05.1006': '96.01.05.1007', '96.01.05.1007': '96.01.05.1008' });
  });

  it('rule 2 skips a namesake: a village whose code held the same name before is another village', () => {
    // Watunggarandu 2012 was there in 2022 too; 1009 is gone, not merged into it.
    expect(remap('74.02.36.1009')).toEqual({ '74.02.36.1009': null });
  });

  it('rule 1: a village respelled at most two letters off keeps its code, even when a new village of the city has its old spelling', () => {
    expect(remap('14.02.08.2002')).toEqual({ '14.02.08.2002': '14.02.08.2002' });
    // Sumberejo -> Sumberrejo in place; the new 33.05.12.2001 "Sumberejo" is another village.
    expect(remap('33.05.10.2001')).toEqual({ '33.05.10.2001': '33.05.10.2001' });
  });

  it('rule 3: a code renamed beyond a respelling, with no village of the old name elsewhere, keeps its code', () => {
    expect(remapVillages(['32.11.02.2001'], indexVillages([v('32.11.02.2001', 'Sirnasari')]), indexVillages([v('32.11.02.2001', 'Jatinunggal')]))).toEqual(
      new Map([['32.11.02.2001', '32.11.02.2001']]),
    );
  });

  it('rule 4: moved and respelled one letter off, only among codes that are new, and only when one is closest', () => {
    expect(remap('81.05.02.2048', '81.05.02.2049')).toEqual({ '81.05.02.2048': '81.05.16.2004', '81.05.02.2049': '81.05.16.2005' });
  });

  it('a code the old data lacks keeps itself where the new data has it, else none', () => {
    expect(remap('72.01.24.2001', '72.01.09.9999')).toEqual({ '72.01.24.2001': '72.01.24.2001', '72.01.09.9999': null });
  });
});

describe('a stored address under the new codes', () => {
  const next = {
    provinces: new Set(['72', '74']),
    cities: new Set(['72.01', '74.02']),
    districts: new Set(['72.01.09', '72.01.24', '74.02.36']),
    villages: new Set(['72.01.24.2001', '74.02.36.2012']),
  };
  const villages = new Map<string, string | null>([
    ['72.01.09.2015', '72.01.24.2001'],
    ['74.02.36.1009', null],
  ]);

  it('a moved village brings its new district (and city, province) from its code', () => {
    expect(remapAddress({ provinceId: '72', cityId: '72.01', districtId: '72.01.09', villageId: '72.01.09.2015' }, villages, next)).toEqual({
      provinceId: '72', cityId: '72.01', districtId: '72.01.24', villageId: '72.01.24.2001',
    });
  });

  it('a village that is gone leaves the province, city and district', () => {
    expect(remapAddress({ provinceId: '74', cityId: '74.02', districtId: '74.02.36', villageId: '74.02.36.1009' }, villages, next)).toEqual({
      provinceId: '74', cityId: '74.02', districtId: '74.02.36', villageId: null,
    });
  });

  it('from the first level the new data lacks, nothing below stays', () => {
    expect(remapAddress({ provinceId: '74', cityId: '74.99', districtId: '74.99.01', villageId: null }, villages, next)).toEqual({
      provinceId: '74', cityId: null, districtId: null, villageId: null,
    });
  });
});

describe("idn-area-data's CSV lines", () => {
  it('splits plain lines at commas; a quoted field keeps its commas, and a doubled quote is one quote', () => {
    expect(splitCsvLine('32.73.09.1003,32.73.09,Citarum')).toEqual(['32.73.09.1003', '32.73.09', 'Citarum']);
    expect(splitCsvLine('12.07.28.1007,12.07.28,"Lubuk Pakam I,II"')).toEqual(['12.07.28.1007', '12.07.28', 'Lubuk Pakam I,II']);
    expect(splitCsvLine('35.13.15.2017,35.13.15,"Soka""an"')).toEqual(['35.13.15.2017', '35.13.15', 'Soka"an']);
  });
});
