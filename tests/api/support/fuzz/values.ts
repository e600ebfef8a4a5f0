/**
 * The hostile inputs of the fuzz suite, by kind. Each kind is one row of the hand-picked tables
 * (fuzz-requests.ts) and one choice of the random mutations.
 */

/** 100 KB: far beyond any text field, under the 12 MB body limit. */
export const HUGE = 'A'.repeat(100_000);

export const HOSTILE_STRINGS: Record<string, string[]> = {
  empty: ['', ' ', '   ', '\t'],
  huge: [HUGE, 'é'.repeat(50_000), '🙂'.repeat(25_000)],
  badDates: [
    '9999-12-31', '0000-00-00', '2026-02-30', '31/12/2026', '2026-13-01', '2026-00-10', '2026-1-1', '20260101',
    '+002026-01-01', '-000001-01-01', '10000-01-01', '2025-02-29', '1900-01-01', '0001-01-01', '2026-03-02T00:00:00Z',
    '2026-03-02 ', 'hari ini', '9999-12', '0000-00', '2026-00', '2026-13', '275760-09-13',
  ],
  wildcards: ['%', '_', "'", '*', '%%', '%_%', '\\', '\\%', "' OR '1'='1", "'; DROP TABLE deposits; --", '"', '[a-z]', '.*', '?', '$1', '${x}', '{{x}}', '!', '^'],
  control: ['\u0000', 'a\u0000b', '\u0001', '\u0008', '\u001b[31m', '\r\n', 'a\nb', '\u007f', '\u0085', '\u2028', '\u200b', '\ufeff', '\ud800', '\udfff'],
  unicode: ['Ünïcödé', '日本語', '🙂', 'ض', '\u202eabc', 'A\u0301', 'ﷺ', 'İ', 'ß', '１２３', '٣', 'Ⅻ', 'ǅ'],
  numbers: ['-1', '0', '1e309', 'NaN', 'Infinity', '9007199254740993', '1.5', '0x10', ' 1', '+1', '-0', '00001', '1_000', '99999999999999999999999'],
  words: ['null', 'undefined', 'true', '[]', '{}', '__proto__', 'constructor', '../../etc/passwd', '%2e%2e%2f', '<script>alert(1)</script>', 'x'.repeat(256)],
};

/** Every hostile string, benign first (fast-check shrinks toward the start of a constantFrom). */
export const ALL_HOSTILE_STRINGS: string[] = Object.values(HOSTILE_STRINGS).flat();

function nested(depth: number): unknown {
  let value: unknown = 'dalam';
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { a: value };
  return value;
}

/** JSON values of every other type, for a field that expects something else. */
export const HOSTILE_JSON: Record<string, unknown[]> = {
  wrongTypes: [null, true, false, 0, 1, -1, 'teks', [], {}, ['a'], [null], { a: 1 }, [[]]],
  numbers: [1.5, -0, 1e308, -1e308, 2 ** 53, 2 ** 53 + 2, Number.MAX_VALUE, Number.MIN_VALUE, 5e-324, 1e21, 0.1 + 0.2],
  shapes: [JSON.parse('{"__proto__":{"admin":true}}'), { constructor: { prototype: {} } }, nested(200), Array.from({ length: 10_000 }, (_, index) => index)],
};

export const ALL_HOSTILE_JSON: unknown[] = [...Object.values(HOSTILE_JSON).flat(), ...ALL_HOSTILE_STRINGS];

/** Whole bodies that are not the object a route expects. */
export const HOSTILE_BODIES: Array<{ label: string; contentType: string | null; text: string }> = [
  { label: 'array', contentType: 'application/json', text: '[]' },
  { label: 'array of objects', contentType: 'application/json', text: '[{"depositId":"x"}]' },
  { label: 'string', contentType: 'application/json', text: '"teks"' },
  { label: 'number', contentType: 'application/json', text: '42' },
  { label: 'null', contentType: 'application/json', text: 'null' },
  { label: 'truncated', contentType: 'application/json', text: '{"a":' },
  { label: 'not JSON', contentType: 'application/json', text: 'bukan json' },
  { label: 'BOM', contentType: 'application/json', text: '\ufeff{}' },
  { label: 'duplicate keys', contentType: 'application/json', text: '{"depositId":"a","depositId":1}' },
  { label: 'proto', contentType: 'application/json', text: '{"__proto__":{"role":"ADMIN"},"constructor":{"prototype":{"x":1}}}' },
  { label: 'deep', contentType: 'application/json', text: `${'['.repeat(50_000)}${']'.repeat(50_000)}` },
  { label: 'NUL in key', contentType: 'application/json', text: '{"a\\u0000b":1}' },
  { label: 'lone surrogate', contentType: 'application/json', text: '{"reason":"\\ud800"}' },
  { label: 'latin1 bytes', contentType: 'application/json; charset=latin1', text: '{"reason":"caf\u00e9"}' },
  { label: 'text/plain', contentType: 'text/plain', text: '{"depositId":"x"}' },
  { label: 'no content type', contentType: null, text: '{"depositId":"x"}' },
  { label: 'urlencoded', contentType: 'application/x-www-form-urlencoded', text: 'depositId=x&depositId=y&reason=%00&a[b]=c' },
  { label: 'multipart without boundary', contentType: 'multipart/form-data', text: '--x\r\n\r\n' },
  { label: 'broken multipart', contentType: 'multipart/form-data; boundary=zzz', text: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb' },
  { label: 'xml', contentType: 'application/xml', text: '<?xml version="1.0"?><a>b</a>' },
];

/** Keys a client should never send. */
export const EXTRA_KEYS = ['tambahan', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '$where', 'a.b', '', 'k'.repeat(300), 'é', '🙂', 'bank_id', 'role', 'status'];

export const IDEMPOTENCY_KEYS = ['', ' ', 'a b', 'k'.repeat(256), 'é', '\t', 'fuzz-sama', 'fuzz-sama', '%00', "'"];

/** Raw query strings (after the `?`), sent as they are. */
export const RAW_QUERIES = ['%', '%zz', '%E0%A4%A', '&&&', '=x', '==', 'a=1&&b', '?', '%00', '%C0%80', '%ED%A0%80', '+', 'a=%2', 'q=%25', 'q[]=a&q[]=b', 'q[a]=b', `${'a=b&'.repeat(500)}`];

/** Values for the X-Forwarded-For header (TRUSTED_PROXY_HOPS=1 in the fuzz server). */
export const FORWARDED_FOR = ['203.0.113.7', '', ',', ' , ,', '::1', '999.999.999.999', 'a'.repeat(500), "'; DROP TABLE throttles; --", '%00', 'é'];

/** File names for uploads. */
export const FILE_NAMES = ['berkas.pdf', '', '../../etc/passwd', 'a'.repeat(300) + '.pdf', 'berkas.PDF', 'foto.exe', 'nama "kutip".png', 'é🙂.jpg', 'CON', '.pdf', 'a\\b.pdf'];

/** Methods the document does not list for a path (HEAD runs the GET handler without its body). */
export const OTHER_METHODS = ['HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH', 'POST', 'GET'];

/** Headers a client may send that the routes do not expect. */
export const ODD_HEADERS: Array<[string, string]> = [
  ['content-encoding', 'gzip'],
  ['content-encoding', 'br, deflate'],
  ['accept', 'application/xml'],
  ['accept-language', 'en-US'],
  ['x-http-method-override', 'DELETE'],
  ['origin', 'https://jahat.example'],
  ['range', 'bytes=0-10'],
  ['if-none-match', '*'],
  ['cookie', 'token=abc'],
  ['x-request-id', '\u00e9'.repeat(100)],
];
