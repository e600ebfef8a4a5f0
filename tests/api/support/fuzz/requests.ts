import fc from 'fast-check';
import type { FuzzOperation, FuzzParameter, JsonSchema } from './operations';
import {
  ALL_HOSTILE_JSON,
  ALL_HOSTILE_STRINGS,
  EXTRA_KEYS,
  FILE_NAMES,
  FORWARDED_FOR,
  HOSTILE_BODIES,
  HOSTILE_STRINGS,
  HUGE,
  IDEMPOTENCY_KEYS,
  ODD_HEADERS,
  OTHER_METHODS,
  RAW_QUERIES,
} from './values';

/**
 * Requests for an operation of the OpenAPI document: a valid-ish request generated from its
 * schemas (real ids of the fuzz server's data where a field names one), then mutated — a field
 * dropped, retyped or made hostile, an extra field, another body, a repeated or raw query, an odd
 * path parameter, header or file. A request is plain data, so fast-check can print and shrink it.
 */

/** How the request is signed in. */
export type AuthVariant =
  | 'supervisor'
  | 'operator'
  | 'admin'
  | 'otherBankAdmin'
  | 'none'
  | 'garbage'
  | 'otherForm'
  | 'badSignature'
  | 'expired'
  | 'unknownUser'
  | 'changePasswordToken';

export const SIGNED_IN: AuthVariant[] = ['supervisor', 'operator', 'admin', 'otherBankAdmin'];
export const NOT_SIGNED_IN: AuthVariant[] = ['none', 'garbage', 'otherForm', 'badSignature', 'expired', 'unknownUser'];

export type FileContent = 'pdf' | 'png' | 'jpeg' | 'gif' | 'text' | 'empty' | 'garbage' | 'truncatedPdf' | 'oversized';

export interface FileSpec {
  content: FileContent;
  name: string;
  type: string;
}

export type FuzzBodyValue =
  | { kind: 'json'; value: unknown }
  | { kind: 'multipart'; fields: Array<[string, string]>; files: Array<{ field: string; file: FileSpec }> }
  | { kind: 'text'; contentType: string | null; text: string };

export interface FuzzRequest {
  operation: string;
  method: string;
  pathTemplate: string;
  path: Record<string, { value: string; encode: boolean }>;
  query: Array<[string, string]>;
  /** Sent after `?` as it is, instead of `query`. */
  rawQuery: string | null;
  idempotencyKey: string | null;
  forwardedFor: string;
  auth: AuthVariant;
  body: FuzzBodyValue | null;
  /** Other headers (content-encoding, origin, …). */
  headers: Record<string, string>;
  /** What was done to the valid-ish request, for the report. */
  mutations: string[];
}

/** Real values of the fuzz server's data, so generated requests reach past "not found". */
export interface FuzzContext {
  ids: Record<'deposit' | 'customer' | 'user' | 'installment' | 'changeRequest' | 'product' | 'file' | 'shipment', string[]>;
  emails: string[];
  /** Plausible values for patterned fields (dates and months around the server's today, sort keys). */
  samples: string[];
}

/** Plausible text for fields whose rules JSON Schema cannot say (a phone number's digits), by a word in the field's name. */
const NAME_HINTS: Record<string, string> = {
  phone: '081234567890',
  npwp: '012345678901234',
  nik: '3201010101010001',
  license: 'KEP-123/OJK/2026',
  address: 'Jl. Merdeka No. 1, Bandung',
  name: 'Budi Santoso',
  reference: 'BCA-TRF-0001',
  reason: 'Kebutuhan mendesak',
};

const TEXTS = ['Kebutuhan mendesak', 'Data tidak lengkap', 'Nasabah meminta', 'BCA-TRF-0001', 'Budi Santoso', '081234567890', 'Jl. Merdeka No. 1'];

// ---------------------------------------------------------------------------------------------
// Valid-ish values from JSON Schema

function idPool(name: string, pathTemplate: string, ctx: FuzzContext): string[] | null {
  const lower = name.toLowerCase();
  const all = Object.values(ctx.ids).flat();
  if (lower.includes('email')) return ctx.emails;
  if (!/id(s)?$/.test(lower)) return null;
  if (lower.startsWith('deposit')) return ctx.ids.deposit;
  if (lower.startsWith('customer')) return ctx.ids.customer;
  if (lower.startsWith('installment')) return ctx.ids.installment;
  if (lower.startsWith('product')) return ctx.ids.product;
  if (lower.startsWith('shipment')) return ctx.ids.shipment.length > 0 ? ctx.ids.shipment : all;
  if (lower.includes('file')) return ctx.ids.file.length > 0 ? ctx.ids.file : all;
  if (lower === 'id') {
    if (pathTemplate.includes('change-request')) return ctx.ids.changeRequest;
    if (pathTemplate.includes('/users/')) return ctx.ids.user;
    if (pathTemplate.includes('/deposito/')) return ctx.ids.deposit;
    if (pathTemplate.includes('product')) return ctx.ids.product;
  }
  return all;
}

function stringArbitrary(schema: JsonSchema, name: string, pathTemplate: string, ctx: FuzzContext): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 200;
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern as string);
    const plausible = ctx.samples.filter((sample) => pattern.test(sample));
    return plausible.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...plausible), weight: 4 }, fc.stringMatching(pattern)) : fc.stringMatching(pattern);
  }
  if (schema.format === 'email') return fc.oneof(fc.constantFrom(...ctx.emails), fc.emailAddress());
  const pool = idPool(name, pathTemplate, ctx);
  if (pool && pool.length > 0) return fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 5 }, fc.uuid());
  return fc.oneof(
    { arbitrary: fc.constantFrom(...TEXTS.filter((text) => text.length >= minLength && text.length <= maxLength), 'x'.repeat(Math.max(1, minLength))), weight: 3 },
    fc.string({ minLength, maxLength: Math.min(maxLength, 40) }),
    fc.constant('x'.repeat(Math.min(maxLength, 1_000))),
  );
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? Math.max(schema.minimum, -1e9) : -1_000;
  const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, Number.MAX_SAFE_INTEGER) : 1e9;
  return fc.oneof({ arbitrary: fc.integer({ min, max: Math.min(max, min + 50) }), weight: 3 }, fc.integer({ min, max }));
}

/** A value the schema accepts, or nearly (a pattern's calendar-invalid date, a made-up id). */
export function valueArbitrary(schema: JsonSchema, name: string, pathTemplate: string, ctx: FuzzContext): fc.Arbitrary<unknown> {
  const alternatives = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => valueArbitrary(alternative, name, pathTemplate, ctx)));
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, name, pathTemplate, ctx);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.oneof(integerArbitrary(schema), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }));
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 5, minLength + 5);
      return fc.array(valueArbitrary((schema.items as JsonSchema | undefined) ?? {}, name, pathTemplate, ctx), { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, pathTemplate, ctx);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(schema: JsonSchema, pathTemplate: string, ctx: FuzzContext): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = (schema.required as string[] | undefined) ?? [];
  const record = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, valueArbitrary(property, key, pathTemplate, ctx)]));
  return fc.record(record, { requiredKeys: required.filter((key) => key in properties) }) as fc.Arbitrary<Record<string, unknown>>;
}

function queryText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

// ---------------------------------------------------------------------------------------------
// Mutations

export type Mutation =
  | { kind: 'dropField'; field: string }
  | { kind: 'setField'; field: string; value: unknown }
  | { kind: 'extraField'; field: string; value: unknown }
  | { kind: 'replaceBody'; index: number }
  | { kind: 'swapBodyKind' }
  | { kind: 'setQuery'; name: string; value: string }
  | { kind: 'repeatQuery'; name: string; values: string[] }
  | { kind: 'dropQuery'; name: string }
  | { kind: 'extraQuery'; name: string; value: string }
  | { kind: 'rawQuery'; raw: string }
  | { kind: 'setPath'; name: string; value: string; encode: boolean }
  | { kind: 'idempotencyKey'; value: string }
  | { kind: 'file'; field: string; file: FileSpec }
  | { kind: 'dropFiles' }
  | { kind: 'forwardedFor'; value: string }
  | { kind: 'method'; method: string }
  | { kind: 'header'; name: string; value: string }
  | { kind: 'repeatField'; field: string; values: string[] };

function clip(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 40)}…(${text.length} chars)` : text;
}

export function describeMutation(mutation: Mutation): string {
  switch (mutation.kind) {
    case 'dropField':
      return `drop body field ${mutation.field}`;
    case 'setField':
      return `body field ${mutation.field} = ${clip(mutation.value)}`;
    case 'extraField':
      return `extra body field ${clip(mutation.field)} = ${clip(mutation.value)}`;
    case 'replaceBody':
      return `body: ${HOSTILE_BODIES[mutation.index]!.label}`;
    case 'swapBodyKind':
      return 'body sent as the other kind (JSON <-> multipart)';
    case 'setQuery':
      return `query ${mutation.name} = ${clip(mutation.value)}`;
    case 'repeatQuery':
      return `query ${mutation.name} repeated ${clip(mutation.values)}`;
    case 'dropQuery':
      return `drop query ${mutation.name}`;
    case 'extraQuery':
      return `extra query ${clip(mutation.name)} = ${clip(mutation.value)}`;
    case 'rawQuery':
      return `raw query ?${clip(mutation.raw)}`;
    case 'setPath':
      return `path {${mutation.name}} = ${clip(mutation.value)}${mutation.encode ? '' : ' (unencoded)'}`;
    case 'idempotencyKey':
      return `Idempotency-Key ${clip(mutation.value)}`;
    case 'file':
      return `file ${mutation.field} = ${mutation.file.content} ${clip(mutation.file.name)} (${mutation.file.type})`;
    case 'dropFiles':
      return 'no files';
    case 'forwardedFor':
      return `X-Forwarded-For ${clip(mutation.value)}`;
    case 'method':
      return `method ${mutation.method}`;
    case 'header':
      return `header ${mutation.name}: ${clip(mutation.value)}`;
    case 'repeatField':
      return `body field ${mutation.field} repeated ${clip(mutation.values)}`;
  }
}

function asFormText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
}

/** The request with the mutation applied (a new object; the input is left as it is). */
export function applyMutation(request: FuzzRequest, mutation: Mutation): FuzzRequest {
  const next: FuzzRequest = { ...request, path: { ...request.path }, query: [...request.query], mutations: [...request.mutations, describeMutation(mutation)] };
  const body = request.body;
  switch (mutation.kind) {
    case 'dropField':
    case 'setField':
    case 'extraField': {
      const value = mutation.kind === 'dropField' ? undefined : mutation.value;
      if (body?.kind === 'json') {
        const object = body.value !== null && typeof body.value === 'object' && !Array.isArray(body.value) ? { ...(body.value as Record<string, unknown>) } : {};
        if (mutation.kind === 'dropField') delete object[mutation.field];
        else Object.defineProperty(object, mutation.field, { value, enumerable: true, writable: true, configurable: true });
        next.body = { kind: 'json', value: object };
      } else if (body?.kind === 'multipart') {
        const fields = body.fields.filter(([name]) => mutation.kind === 'extraField' || name !== mutation.field);
        if (mutation.kind !== 'dropField') fields.push([mutation.field, asFormText(value)]);
        next.body = { ...body, fields };
      }
      return next;
    }
    case 'replaceBody': {
      const hostile = HOSTILE_BODIES[mutation.index]!;
      next.body = { kind: 'text', contentType: hostile.contentType, text: hostile.text };
      return next;
    }
    case 'swapBodyKind':
      if (body?.kind === 'json') {
        const object = body.value !== null && typeof body.value === 'object' ? (body.value as Record<string, unknown>) : {};
        next.body = { kind: 'multipart', fields: Object.entries(object).map(([name, value]) => [name, asFormText(value)]), files: [] };
      } else if (body?.kind === 'multipart') {
        next.body = { kind: 'json', value: Object.fromEntries(body.fields) };
      }
      return next;
    case 'setQuery':
      next.query = [...request.query.filter(([name]) => name !== mutation.name), [mutation.name, mutation.value]];
      return next;
    case 'repeatQuery':
      next.query = [...request.query.filter(([name]) => name !== mutation.name), ...mutation.values.map((value): [string, string] => [mutation.name, value])];
      return next;
    case 'dropQuery':
      next.query = request.query.filter(([name]) => name !== mutation.name);
      return next;
    case 'extraQuery':
      next.query = [...request.query, [mutation.name, mutation.value]];
      return next;
    case 'rawQuery':
      next.rawQuery = mutation.raw;
      return next;
    case 'setPath':
      next.path[mutation.name] = { value: mutation.value, encode: mutation.encode };
      return next;
    case 'idempotencyKey':
      next.idempotencyKey = mutation.value;
      return next;
    case 'file':
      if (body?.kind === 'multipart') next.body = { ...body, files: [...body.files.filter((file) => file.field !== mutation.field), { field: mutation.field, file: mutation.file }] };
      return next;
    case 'dropFiles':
      if (body?.kind === 'multipart') next.body = { ...body, files: [] };
      return next;
    case 'forwardedFor':
      next.forwardedFor = mutation.value;
      return next;
    case 'method':
      next.method = mutation.method;
      return next;
    case 'header':
      next.headers = { ...request.headers, [mutation.name]: mutation.value };
      return next;
    case 'repeatField':
      if (body?.kind === 'multipart') next.body = { ...body, fields: [...body.fields.filter(([name]) => name !== mutation.field), ...mutation.values.map((value): [string, string] => [mutation.field, value])] };
      return next;
  }
}

// ---------------------------------------------------------------------------------------------
// Arbitraries of whole requests

const FILE_CONTENTS: FileContent[] = ['pdf', 'png', 'jpeg', 'gif', 'text', 'empty', 'garbage', 'truncatedPdf'];
const FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'text/html', 'application/octet-stream', '', 'image/svg+xml'];

const fileArbitrary: fc.Arbitrary<FileSpec> = fc.record({
  content: fc.constantFrom(...FILE_CONTENTS),
  name: fc.oneof({ arbitrary: fc.constantFrom(...FILE_NAMES), weight: 3 }, fc.string({ maxLength: 20 })),
  type: fc.constantFrom(...FILE_TYPES),
});

/** A file the upload rules accept (most of the time: the name and type are plausible). */
const goodFile: fc.Arbitrary<FileSpec> = fc.constantFrom<FileSpec>(
  { content: 'pdf', name: 'bukti.pdf', type: 'application/pdf' },
  { content: 'png', name: 'logo.png', type: 'image/png' },
  { content: 'jpeg', name: 'foto.jpg', type: 'image/jpeg' },
);

const AUTH_WEIGHTS: Array<[AuthVariant, number]> = [
  ['supervisor', 8], ['operator', 5], ['admin', 5], ['otherBankAdmin', 2],
  ['none', 1], ['garbage', 1], ['otherForm', 1], ['badSignature', 1], ['expired', 1], ['unknownUser', 1], ['changePasswordToken', 1],
];

function authArbitrary(operation: FuzzOperation): fc.Arbitrary<AuthVariant> {
  // Public operations are called signed out most of the time, as their clients do.
  const weights = operation.security === 'none' ? AUTH_WEIGHTS.map(([variant, weight]): [AuthVariant, number] => [variant, variant === 'none' ? 20 : weight]) : AUTH_WEIGHTS;
  return fc.oneof(...weights.map(([variant, weight]) => ({ arbitrary: fc.constant(variant), weight })));
}

function parametersIn(operation: FuzzOperation, where: FuzzParameter['in']): FuzzParameter[] {
  return operation.parameters.filter((parameter) => parameter.in === where);
}

/** The valid-ish request of an operation, before any mutation. */
export function baseRequestArbitrary(operation: FuzzOperation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const pathParameters = parametersIn(operation, 'path');
  const queryParameters = parametersIn(operation, 'query');
  const idempotent = parametersIn(operation, 'header').some((parameter) => parameter.name.toLowerCase() === 'idempotency-key');

  const path = fc.record(
    Object.fromEntries(pathParameters.map((parameter) => [parameter.name, valueArbitrary(parameter.schema, parameter.name, operation.path, ctx).map((value) => ({ value: queryText(value), encode: true }))])),
  ) as fc.Arbitrary<FuzzRequest['path']>;
  const query = fc
    .tuple(
      ...queryParameters.map((parameter) => {
        const value = valueArbitrary(parameter.schema, parameter.name, operation.path, ctx).map((item): [string, string] => [parameter.name, queryText(item)]);
        return parameter.required ? value.map((entry) => [entry]) : fc.option(value, { nil: undefined, freq: 2 }).map((entry) => (entry ? [entry] : []));
      }),
    )
    .map((entries) => entries.flat() as Array<[string, string]>);

  let body: fc.Arbitrary<FuzzBodyValue | null> = fc.constant(null);
  if (operation.body?.kind === 'json') {
    body = valueArbitrary(operation.body.schema, '', operation.path, ctx).map((value) => ({ kind: 'json' as const, value }));
  } else if (operation.body?.kind === 'multipart') {
    const files = Object.entries(operation.body.files).map(([field, { many }]) =>
      fc.array(goodFile, { minLength: 0, maxLength: many ? 2 : 1 }).map((specs) => specs.map((file) => ({ field, file }))),
    );
    body = fc.tuple(objectArbitrary(operation.body.schema, operation.path, ctx), fc.tuple(...files)).map(([fields, fileLists]) => ({
      kind: 'multipart' as const,
      fields: Object.entries(fields).map(([name, value]): [string, string] => [name, queryText(value)]),
      files: fileLists.flat(),
    }));
  }

  return fc.record({
    path,
    query,
    body,
    auth: authArbitrary(operation),
    idempotencyKey: idempotent
      ? fc.option(fc.oneof({ arbitrary: fc.uuid().map((id) => `fuzz-${id}`), weight: 8 }, { arbitrary: fc.constantFrom('fuzz-sama', 'fuzz-lain'), weight: 1 }), { nil: null, freq: 3 })
      : fc.constant(null),
    forwardedFor: fc.nat({ max: 250 }).map((n) => `192.0.2.${n}`),
  }).map((parts) => ({
    operation: operation.id,
    method: operation.method,
    pathTemplate: operation.path,
    rawQuery: null,
    headers: {},
    mutations: [],
    ...parts,
  }));
}

/**
 * The most plausible value of a schema, without randomness: the first sample, id or enum member,
 * the lower bound of a number, every property of an object. The hand-picked table mutates it.
 */
export function plainValue(schema: JsonSchema, name: string, pathTemplate: string, ctx: FuzzContext): unknown {
  const alternatives = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (alternatives) return plainValue(alternatives[0]!, name, pathTemplate, ctx);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  switch (schema.type) {
    case 'string': {
      if (typeof schema.pattern === 'string') {
        const pattern = new RegExp(schema.pattern);
        return ctx.samples.find((sample) => pattern.test(sample)) ?? fc.sample(fc.stringMatching(pattern), { seed: 1, numRuns: 1 })[0];
      }
      const pool = schema.format === 'email' ? ctx.emails : idPool(name, pathTemplate, ctx);
      if (pool && pool.length > 0) return pool[0];
      const hinted = Object.entries(NAME_HINTS).find(([hint]) => name.toLowerCase().includes(hint));
      if (hinted) return hinted[1];
      const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
      const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 200;
      return TEXTS.find((text) => text.length >= minLength && text.length <= maxLength) ?? 'x'.repeat(Math.max(1, minLength));
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : typeof schema.default === 'number' ? schema.default : 1;
    case 'boolean':
      return true;
    case 'array': {
      const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      return Array.from({ length: count }, () => plainValue((schema.items as JsonSchema | undefined) ?? {}, name, pathTemplate, ctx));
    }
    case 'object': {
      // The required properties only (an optional one, like a version, may well refuse the request), or all when none is required.
      const properties = Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {});
      const required = (schema.required as string[] | undefined) ?? [];
      const chosen = required.length > 0 ? properties.filter(([key]) => required.includes(key)) : properties;
      return Object.fromEntries(chosen.map(([key, property]) => [key, plainValue(property, key, pathTemplate, ctx)]));
    }
    default:
      return 'x';
  }
}

/** The plain request of an operation, signed in as a supervisor: the row every table mutation starts from. */
export function plainRequest(operation: FuzzOperation, ctx: FuzzContext): FuzzRequest {
  const path = Object.fromEntries(parametersIn(operation, 'path').map((parameter) => [parameter.name, { value: queryText(plainValue(parameter.schema, parameter.name, operation.path, ctx)), encode: true }]));
  const query = parametersIn(operation, 'query').map((parameter): [string, string] => [parameter.name, queryText(plainValue(parameter.schema, parameter.name, operation.path, ctx))]);
  let body: FuzzBodyValue | null = null;
  if (operation.body?.kind === 'json') body = { kind: 'json', value: plainValue(operation.body.schema, '', operation.path, ctx) };
  if (operation.body?.kind === 'multipart') {
    const fields = plainValue(operation.body.schema, '', operation.path, ctx) as Record<string, unknown>;
    body = {
      kind: 'multipart',
      fields: Object.entries(fields).map(([name, value]): [string, string] => [name, queryText(value)]),
      files: Object.keys(operation.body.files).map((field) => ({ field, file: { content: 'pdf' as const, name: 'bukti.pdf', type: 'application/pdf' } })),
    };
  }
  return {
    operation: operation.id,
    method: operation.method,
    pathTemplate: operation.path,
    path,
    query,
    rawQuery: null,
    idempotencyKey: null,
    forwardedFor: '192.0.2.1',
    auth: operation.security === 'none' ? 'none' : 'supervisor',
    body,
    headers: {},
    mutations: [],
  };
}

/** Values at and beyond the schema's edges: one past a length or a bound, another member of an enum. */
export function edgeValues(schema: JsonSchema): unknown[] {
  const edges: unknown[] = [];
  if (typeof schema.maxLength === 'number') edges.push('x'.repeat(schema.maxLength), 'x'.repeat(schema.maxLength + 1), '🙂'.repeat(schema.maxLength));
  if (typeof schema.minLength === 'number' && schema.minLength > 1) edges.push('x'.repeat(schema.minLength - 1));
  if (typeof schema.maximum === 'number') edges.push(schema.maximum, schema.maximum + 1, String(schema.maximum + 1));
  if (typeof schema.minimum === 'number') edges.push(schema.minimum, schema.minimum - 1, String(schema.minimum - 1));
  if (schema.type === 'integer') edges.push(1.5, '1.5', '2abc');
  if (Array.isArray(schema.enum)) {
    const first = String(schema.enum[0]);
    edges.push(first.toUpperCase(), first.toLowerCase(), ` ${first}`, `${first}x`, schema.enum);
  }
  if (typeof schema.pattern === 'string') edges.push(...HOSTILE_STRINGS.badDates!);
  if (schema.type === 'array') {
    edges.push([], Array.from({ length: 1_001 }, () => 'x'), [HUGE], [null], 'x', ['x', 'x']);
    // One bad item: each edge of the items' own schema.
    for (const item of edgeValues((schema.items as JsonSchema | undefined) ?? {})) edges.push([item]);
    edges.push([''], [1], [{}]);
  }
  return edges;
}

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...ALL_HOSTILE_STRINGS), weight: 4 },
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

function hostileValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const edges = schema ? edgeValues(schema) : [];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...ALL_HOSTILE_JSON), weight: 4 },
    ...(edges.length > 0 ? [{ arbitrary: fc.constantFrom(...edges), weight: 3 }] : []),
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
    { arbitrary: hostileString, weight: 2 },
  );
}

function hostileQueryValue(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const edges = (schema ? edgeValues(schema) : []).map(queryText);
  return fc.oneof({ arbitrary: hostileString, weight: 3 }, ...(edges.length > 0 ? [{ arbitrary: fc.constantFrom(...edges), weight: 2 }] : []));
}

export function bodyProperties(operation: FuzzOperation): Record<string, JsonSchema> {
  const schema = operation.body?.schema ?? {};
  const alternatives = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  const objects = alternatives ?? [schema];
  return Object.assign({}, ...objects.map((object) => (object.properties as Record<string, JsonSchema> | undefined) ?? {}));
}

export function mutationArbitrary(operation: FuzzOperation): fc.Arbitrary<Mutation> {
  const choices: Array<fc.Arbitrary<Mutation>> = [];
  const properties = bodyProperties(operation);
  const fieldNames = Object.keys(properties);
  if (operation.body) {
    if (fieldNames.length > 0) {
      choices.push(fc.constantFrom(...fieldNames).map((field): Mutation => ({ kind: 'dropField', field })));
      choices.push(fc.constantFrom(...fieldNames).chain((field) => hostileValue(properties[field]).map((value): Mutation => ({ kind: 'setField', field, value }))));
    }
    choices.push(fc.record({ field: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 10 })), value: hostileValue(undefined) }).map((extra): Mutation => ({ kind: 'extraField', ...extra })));
    choices.push(fc.nat({ max: HOSTILE_BODIES.length - 1 }).map((index): Mutation => ({ kind: 'replaceBody', index })));
    choices.push(fc.constant<Mutation>({ kind: 'swapBodyKind' }));
    const fileFields = Object.keys(operation.body.files);
    if (fileFields.length > 0) {
      choices.push(fc.record({ field: fc.constantFrom(...fileFields, ...fieldNames.slice(0, 1)), file: fileArbitrary }).map((file): Mutation => ({ kind: 'file', ...file })));
      choices.push(fc.constant<Mutation>({ kind: 'dropFiles' }));
    }
  }
  const query = parametersIn(operation, 'query');
  if (query.length > 0) {
    const schemaOf = (name: string) => query.find((parameter) => parameter.name === name)?.schema;
    const names = fc.constantFrom(...query.map((parameter) => parameter.name));
    choices.push(names.chain((name) => hostileQueryValue(schemaOf(name)).map((value): Mutation => ({ kind: 'setQuery', name, value }))));
    choices.push(names.chain((name) => fc.array(hostileQueryValue(schemaOf(name)), { minLength: 2, maxLength: 4 }).map((values): Mutation => ({ kind: 'repeatQuery', name, values }))));
    choices.push(names.map((name): Mutation => ({ kind: 'dropQuery', name })));
  }
  choices.push(fc.record({ name: fc.oneof(fc.constantFrom(...EXTRA_KEYS.filter((key) => key !== '')), hostileString), value: hostileString }).map((extra): Mutation => ({ kind: 'extraQuery', ...extra })));
  choices.push(fc.constantFrom(...RAW_QUERIES).map((raw): Mutation => ({ kind: 'rawQuery', raw })));
  const pathParameters = parametersIn(operation, 'path');
  if (pathParameters.length > 0) {
    choices.push(
      fc
        .record({ name: fc.constantFrom(...pathParameters.map((parameter) => parameter.name)), value: hostileString, encode: fc.boolean() })
        .map((path): Mutation => ({ kind: 'setPath', ...path })),
    );
  }
  if (parametersIn(operation, 'header').some((parameter) => parameter.name.toLowerCase() === 'idempotency-key')) {
    choices.push(fc.constantFrom(...IDEMPOTENCY_KEYS).map((value): Mutation => ({ kind: 'idempotencyKey', value })));
  }
  choices.push(fc.constantFrom(...FORWARDED_FOR).map((value): Mutation => ({ kind: 'forwardedFor', value })));
  choices.push(fc.constantFrom(...OTHER_METHODS).map((method): Mutation => ({ kind: 'method', method })));
  choices.push(fc.constantFrom(...ODD_HEADERS).map(([name, value]): Mutation => ({ kind: 'header', name, value })));
  if (operation.body?.kind === 'multipart' && fieldNames.length > 0) {
    choices.push(fc.record({ field: fc.constantFrom(...fieldNames), values: fc.array(hostileString, { minLength: 2, maxLength: 3 }) }).map((repeat): Mutation => ({ kind: 'repeatField', ...repeat })));
  }
  return fc.oneof(...choices);
}

/** Valid-ish requests with up to three mutations each. */
export function requestArbitrary(operation: FuzzOperation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(baseRequestArbitrary(operation, ctx), fc.array(mutationArbitrary(operation), { maxLength: 3 }))
    .map(([base, mutations]) => mutations.reduce(applyMutation, base));
}

/**
 * The hand-picked table of an operation: from one valid-ish request, every field, parameter and
 * header is given each kind of hostile value once, the body every other shape, and the request is
 * sent by every kind of caller. Each row carries one mutation, so a failing row is its own
 * minimal example.
 */
/** Each operation's table sends one in MIDDLEWARE_SHARE of the middleware-only values (mutationTable). */
export const MIDDLEWARE_SHARE = 3;

/** A stable number for an operation's id: which share of those values is its turn. */
export function turnOf(id: string): number {
  let hash = 0;
  for (const char of id) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return hash % MIDDLEWARE_SHARE;
}

export function mutationTable(operation: FuzzOperation, base: FuzzRequest, keyPrefix: string): FuzzRequest[] {
  const rows: Mutation[] = [];
  const perField = (schema: JsonSchema | undefined): unknown[] => [
    null, true, 12345, -1, 1.5, 1e308, [], ['a'], {}, { a: 1 }, '', ' ', HUGE,
    '\u0000', 'a\u0000b', '\u001b[31m', '\r\n', '\ud800', '🙂', 'İß', '%', '_', "'", '*', '\\', '\\%', "' OR '1'='1",
    ...(schema ? edgeValues(schema) : []),
  ];
  const properties = bodyProperties(operation);
  if (operation.body) {
    for (const [field, schema] of Object.entries(properties)) {
      rows.push({ kind: 'dropField', field });
      for (const value of perField(schema)) rows.push({ kind: 'setField', field, value });
    }
    for (const field of EXTRA_KEYS) rows.push({ kind: 'extraField', field, value: 'tambahan' });
    HOSTILE_BODIES.forEach((_, index) => rows.push({ kind: 'replaceBody', index }));
    rows.push({ kind: 'swapBodyKind' });
    for (const field of Object.keys(operation.body.files)) {
      for (const content of [...FILE_CONTENTS, 'oversized'] as FileContent[]) rows.push({ kind: 'file', field, file: { content, name: 'berkas.pdf', type: 'application/pdf' } });
      for (const name of FILE_NAMES) rows.push({ kind: 'file', field, file: { content: 'png', name, type: 'image/png' } });
      rows.push({ kind: 'file', field, file: { content: 'pdf', name: 'bukti.pdf', type: 'text/html' } });
    }
  }
  for (const parameter of parametersIn(operation, 'query')) {
    rows.push({ kind: 'dropQuery', name: parameter.name });
    for (const value of perField(parameter.schema)) rows.push({ kind: 'setQuery', name: parameter.name, value: queryText(value) });
    rows.push({ kind: 'repeatQuery', name: parameter.name, values: ['a', 'b'] });
    const current = base.query.find(([name]) => name === parameter.name)?.[1] ?? '1';
    rows.push({ kind: 'repeatQuery', name: parameter.name, values: [current, current] });
    rows.push({ kind: 'repeatQuery', name: parameter.name, values: [current, HUGE.slice(0, 4_000)] });
  }
  for (const raw of RAW_QUERIES) rows.push({ kind: 'rawQuery', raw });
  rows.push({ kind: 'extraQuery', name: 'tambahan', value: '%' }, { kind: 'extraQuery', name: '__proto__', value: 'x' }, { kind: 'extraQuery', name: HUGE.slice(0, 2_000), value: 'x' });
  for (const parameter of parametersIn(operation, 'path')) {
    for (const value of ['', ' ', '.', '..', 'a/b', HUGE.slice(0, 8_000), HUGE, '\u0000', '%', '%zz', '_', "'", '*', '🙂', '\u001b', '\ud800', 'x'.repeat(300), '-1', '0', 'null']) {
      rows.push({ kind: 'setPath', name: parameter.name, value, encode: true });
    }
    for (const value of ['%', '%zz', '%00', '%2F', '..%2F..', '%C0%AE']) rows.push({ kind: 'setPath', name: parameter.name, value, encode: false });
  }
  if (parametersIn(operation, 'header').some((parameter) => parameter.name.toLowerCase() === 'idempotency-key')) {
    for (const value of IDEMPOTENCY_KEYS) rows.push({ kind: 'idempotencyKey', value });
  }
  // The client address, the method and the odd headers meet the same middleware and router on
  // every route: each operation sends a third of them, in turn by its id, so every value still
  // reaches a route of each file, on both dialects, without each route repeating all 27.
  const share = <T>(values: readonly T[]) => values.filter((_, index) => (index + turnOf(operation.id)) % MIDDLEWARE_SHARE === 0);
  for (const value of share(FORWARDED_FOR)) rows.push({ kind: 'forwardedFor', value });
  for (const method of share(OTHER_METHODS)) rows.push({ kind: 'method', method });
  for (const [name, value] of share(ODD_HEADERS)) rows.push({ kind: 'header', name, value });
  if (operation.body?.kind === 'multipart') {
    for (const field of Object.keys(properties)) rows.push({ kind: 'repeatField', field, values: ['', 'x'] }, { kind: 'repeatField', field, values: ['x', '\u0000'] });
  }

  const idempotent = parametersIn(operation, 'header').some((parameter) => parameter.name.toLowerCase() === 'idempotency-key');
  const callers = (['supervisor', 'operator', 'admin', 'otherBankAdmin', ...NOT_SIGNED_IN, 'changePasswordToken'] as AuthVariant[]).map((auth) => ({
    ...base,
    auth,
    mutations: [`signed in as ${auth}`],
  }));
  // Each row its own Idempotency-Key and client address, so rows neither replay one another nor trip the throttles together.
  return [...callers, ...rows.map((mutation) => applyMutation(base, mutation))].map((request, index) => ({
    ...request,
    idempotencyKey: request.mutations.some((text) => text.startsWith('Idempotency-Key')) ? request.idempotencyKey : idempotent ? `${keyPrefix}-${index}` : null,
    forwardedFor: request.mutations.some((text) => text.startsWith('X-Forwarded-For')) ? request.forwardedFor : `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
  }));
}
