import type { FuzzOperation } from './operations';
import { NOT_SIGNED_IN, type FuzzRequest } from './requests';
import type { FuzzAnswer } from './client';
import { operationProblems } from '../contract-check';

/**
 * What every answer must be, whatever was sent (API.md "Envelope"):
 * - never a 5xx;
 * - an error (4xx) is `{ statusCode, message, error }` (plus `data` on a few), statusCode equal
 *   to the HTTP status, `error` a reason phrase, `message` a sentence or, on a 400, a non-empty
 *   array of sentences;
 * - every message is Indonesian, meant for staff: no English from zod, Node, HTTP or SQL, no
 *   stack trace or file path, no echo of a huge input;
 * - a caller without a valid session of the base's header form never gets a 2xx from an
 *   operation that needs one;
 * - a 200 of an operation that answers files is JSON or one of its documented media types.
 */

/** Reason phrases the `error` field may hold. */
export const REASON_PHRASES = new Set([
  'Bad Request', 'Unauthorized', 'Forbidden', 'Not Found', 'Method Not Allowed', 'Request Timeout', 'Conflict', 'Payload Too Large',
  'Unsupported Media Type', 'Unprocessable Entity', 'Too Many Requests', 'Request Header Fields Too Large', 'PasswordExpired',
  'Internal Server Error', 'Service Unavailable',
]);

/**
 * English that must not reach staff: zod's and Node's default messages, JavaScript values and
 * errors, SQL and driver text. Matched as whole words, case-insensitively, after the allowed
 * technical terms and quoted field names are taken out.
 */
export const ENGLISH_WORDS = [
  'invalid', 'expected', 'required', 'received', 'unrecognized', 'unrecognised', 'must', 'should', 'cannot', "can't", 'unexpected',
  'failed', 'failure', 'error', 'exception', 'too big', 'too small', 'too long', 'too short', 'is not', 'not found', 'no such', 'allowed',
  'please', 'string', 'number', 'boolean', 'object', 'array', 'undefined', 'null', 'nan', 'infinity', 'the', 'and', 'with', 'of',
  'input', 'value', 'field', 'missing', 'characters', 'greater', 'less', 'than', 'match', 'pattern', 'type', 'property',
  'internal', 'request', 'bad', 'unauthorized', 'forbidden', 'conflict', 'timeout',
];

/** Whole patterns that betray an internal error leaking out. */
export const LEAK_PATTERNS: RegExp[] = [
  /\[object \w+\]/, // a value printed without formatting
  /\b(TypeError|RangeError|SyntaxError|ReferenceError|ZodError|DepositRuleError|AggregateError)\b/,
  /\bat [\w.<>]+ \(/, // a stack frame
  /\.\w+:\d+:\d+\b/, // a source position
  /\.(ts|js|mjs|cjs)\b/, // a source file
  /node_modules|file:\/\/|\/work\/|\/tmp\/|\/home\//,
  /\b(SELECT|INSERT|UPDATE|DELETE|FROM|WHERE|JOIN|RETURNING|CONSTRAINT|SQLITE_\w+|SQLSTATE|duplicate key|violates|syntax error|relation|column)\b/i,
  /\bJSON\b/,
  /\bUnexpected token\b/i,
];

/** Words of the Indonesian sentences staff read; each message holds at least one. */
export const INDONESIAN_WORDS = [
  'yang', 'tidak', 'wajib', 'harus', 'dan', 'atau', 'dengan', 'untuk', 'ini', 'itu', 'sudah', 'belum', 'dari', 'ke', 'di', 'pada', 'paling',
  'silakan', 'data', 'kolom', 'tanggal', 'diisi', 'valid', 'ditemukan', 'dapat', 'bisa', 'boleh', 'hanya', 'terlalu', 'minimal', 'maksimal',
  'karakter', 'isian', 'berisi', 'coba', 'lagi', 'masih', 'sedang', 'alamat', 'permintaan', 'kata', 'sandi', 'deposito', 'bunga', 'pencairan',
  'berkas', 'ukuran', 'salah', 'satu', 'kesalahan', 'terjadi', 'dikenal', 'diizinkan', 'hak', 'akses', 'masuk', 'login', 'kembali', 'sesi',
  'bukan', 'lebih', 'kurang', 'besar', 'kecil', 'sama', 'oleh', 'sebelum', 'sesudah', 'setelah', 'jenis', 'aksi', 'status', 'nomor', 'pilih',
  'format', 'berformat', 'hubungi', 'muat', 'ulang', 'telah', 'berubah', 'kunci', 'dipakai', 'diproses', 'basis', 'dihubungi', 'panjang',
  'kosong', 'melebihi', 'batas', 'ditolak', 'nasabah', 'simpanan', 'rusak', 'utuh', 'berupa', 'terdiri', 'angka', 'ada',
];

/** Technical terms the Indonesian messages use as they are; taken out before the English check. */
const ALLOWED_TERMS = [/Idempotency-Key/g, /Authorization/g, /Bearer/g, /\bNUL\b/g, /YYYY-MM(-DD)?/g, /\bHH:mm\b/g, /\bWIB\b/g, /\bPDF\b/g, /\bPNG\b/g, /\bJPEG\b/g, /\bARO(_PLUS)?\b/g, /\bPAYOUT\b/g, /\/[\w/-]+/g];

/** A field name quoted by the fallback messages: `Kolom "installmentIds.0"`. */
const QUOTED_NAME = /"[\w.\-[\] ]{0,64}"/g;

/** Each English word as a whole word (compiled once: the suite checks thousands of messages). */
const ENGLISH_WORD_PATTERNS = ENGLISH_WORDS.map((word) => [word, new RegExp(`(^|[^\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'iu')] as const);

export function englishIn(message: string): string | null {
  let text = message.replace(QUOTED_NAME, ' ');
  for (const term of ALLOWED_TERMS) text = text.replace(term, ' ');
  for (const [word, pattern] of ENGLISH_WORD_PATTERNS) if (pattern.test(text)) return word;
  for (const pattern of LEAK_PATTERNS) {
    const match = pattern.exec(message.replace(QUOTED_NAME, ' '));
    if (match) return match[0];
  }
  return null;
}

/** Why a message is not an Indonesian sentence for staff, or null when it is one. */
export function messageProblem(message: unknown): string | null {
  if (typeof message !== 'string') return `message is not a string: ${JSON.stringify(message)}`;
  if (message.trim() === '') return 'empty message';
  if (message.length > 500) return `message of ${message.length} characters (an echo of the input?)`;
  // eslint-disable-next-line no-control-regex -- control characters must not reach staff
  if (/[\u0000-\u001f\u007f]/.test(message)) return `control character in message ${JSON.stringify(message)}`;
  const english = englishIn(message);
  if (english) return `English or internal text "${english}" in ${JSON.stringify(message)}`;
  const words = message.toLowerCase().split(/[^\p{L}]+/u);
  if (!words.some((word) => INDONESIAN_WORDS.includes(word))) return `no Indonesian word in ${JSON.stringify(message)}`;
  if (!/[.?!]$/.test(message.trim())) return `not a sentence (no final stop): ${JSON.stringify(message)}`;
  return null;
}

/** The body parsed as JSON, or undefined. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** No 5xx, and an error answer is the envelope with Indonesian messages; whatever the request was. */
export function envelopeProblems(answer: Pick<FuzzAnswer, 'status' | 'contentType' | 'text' | 'json'>): string[] {
  const problems: string[] = [];
  const { status } = answer;
  if (status >= 500) problems.push(`answered ${status}`);
  if (status < 400) return problems;
  const body = answer.json as Record<string, unknown> | undefined;
  if (!answer.contentType.includes('application/json') || body === null || typeof body !== 'object' || Array.isArray(body)) {
    problems.push(`error answer is not the JSON envelope: ${answer.contentType} ${answer.text.slice(0, 200)}`);
    return problems;
  }
  const extra = Object.keys(body).filter((key) => !['statusCode', 'message', 'error', 'data'].includes(key));
  if (extra.length > 0) problems.push(`error envelope has other keys: ${extra.join(', ')}`);
  if (body.statusCode !== status) problems.push(`statusCode ${JSON.stringify(body.statusCode)} is not the HTTP status ${status}`);
  if (typeof body.error !== 'string' || !REASON_PHRASES.has(body.error)) problems.push(`error ${JSON.stringify(body.error)} is not a reason phrase`);
  const message = body.message;
  if (status === 400) {
    if (!Array.isArray(message) || message.length === 0) problems.push(`400 message is not a non-empty array: ${JSON.stringify(message)?.slice(0, 200)}`);
  } else if (typeof message !== 'string' && !Array.isArray(message)) {
    problems.push(`message is neither a sentence nor a list: ${JSON.stringify(message)?.slice(0, 200)}`);
  }
  for (const sentence of Array.isArray(message) ? message : [message]) {
    const problem = messageProblem(sentence);
    if (problem) problems.push(problem);
  }
  return problems;
}

export interface CheckContext {
  operation: FuzzOperation;
  request: FuzzRequest;
  answer: FuzzAnswer;
}

/** Every way the answer to a documented operation breaks the contract; empty when it keeps it. */
export function answerProblems({ operation, request, answer }: CheckContext): string[] {
  // A HEAD answer has no body to check.
  if (request.method === 'HEAD') return answer.status >= 500 ? [`answered ${answer.status}`] : [];
  const problems = envelopeProblems(answer);
  // The answer also keeps to the document, as every answer of the API suite (contract-check.ts).
  if (request.method === operation.method && answer.status < 500) {
    problems.push(...operationProblems(operation.method, operation.path, { status: answer.status, headers: new Headers({ 'content-type': answer.contentType }), body: answer.json, text: answer.text }));
  }
  const { status } = answer;
  if (status >= 200 && status < 300) {
    if (operation.security !== 'none' && NOT_SIGNED_IN.includes(request.auth) && request.method === operation.method) problems.push(`answered ${status} to a caller signed in as "${request.auth}"`);
    if (answer.contentType.includes('application/json')) {
      const body = answer.json as Record<string, unknown> | undefined;
      if (body?.statusCode !== status || body.message !== 'OK' || !('data' in body)) problems.push(`success answer is not the envelope: ${answer.text.slice(0, 200)}`);
    } else if (!operation.binaryTypes.some((type) => answer.contentType.startsWith(type))) {
      problems.push(`answered ${status} with ${answer.contentType || 'no content type'}, not JSON or ${operation.binaryTypes.join(', ') || 'a documented file type'}`);
    }
  }
  return problems;
}
