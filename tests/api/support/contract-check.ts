import { appendFileSync } from 'node:fs';
import { openApiDocument } from '../../../server/platform/http/openapi';
import { isApiPath } from '../../../server/platform/http/spa';

/**
 * Every answer the API suite receives is held against the OpenAPI document that /api-docs
 * serves (issue 17, "The contract, true by construction"): the operation of the method and path
 * must document the status, a JSON body must match that status's schema exactly (no field the
 * schema does not name, every required field present, every type right) and a file must come
 * in one of the documented media types. A path under an API base that no operation documents
 * must answer the error envelope. The providers' sandboxes (/sandbox/…) speak JNE's and Privy's
 * API, and /api-docs is the document itself: neither is checked.
 *
 * A drift throws, which fails the test that made the call. With CONTRACT_CHECK_REPORT=<file>
 * each drift is appended to that file as a JSON line instead, to survey a whole run at once.
 */

type Schema = { [key: string]: unknown };

interface Answer { status: number; headers: Headers; body: unknown; text: string }

interface Route {
  method: string;
  segments: string[];
  literals: number;
  path: string;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

let cache: { routes: Route[]; components: Record<string, Schema>; errorEnvelope: Schema } | undefined;

function documented() {
  if (cache) return cache;
  const document = openApiDocument() as { paths: Record<string, Record<string, { responses: Route['responses'] }>>; components: { schemas: Record<string, Schema> } };
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    const segments = path.split('/');
    for (const [method, operation] of Object.entries(operations)) {
      routes.push({ method: method.toUpperCase(), segments, literals: segments.filter((segment) => !segment.startsWith('{')).length, path, responses: operation.responses });
    }
  }
  // Hono tries the more literal route first where two could match (/deposito/document/{id} before /deposito/{id}/events).
  routes.sort((a, b) => b.literals - a.literals);
  cache = { routes, components: document.components.schemas, errorEnvelope: { $ref: '#/components/schemas/ErrorEnvelope' } };
  return cache;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matches(route: Route, segments: string[]): boolean {
  return route.segments.length === segments.length && route.segments.every((segment, index) => segment.startsWith('{') || segment === segments[index]);
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeFits(expected: string, value: unknown): boolean {
  const actual = typeOf(value);
  return actual === expected || (expected === 'number' && actual === 'integer');
}

/** The problems of `value` against `schema`, strictly: an object schema names every field it allows. */
export function schemaProblems(schema: Schema, value: unknown, at = '', components: Record<string, Schema> = documented().components): string[] {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = components[name];
    return target ? schemaProblems(target, value, at, components) : [`${at || '/'}: $ref ${schema.$ref} is not in the document`];
  }
  const where = at || '/';
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key] as Schema[] | undefined;
    if (!branches) continue;
    const results = branches.map((branch) => schemaProblems(branch, value, at, components));
    if (results.some((problems) => problems.length === 0)) continue;
    return results.reduce((fewest, problems) => (problems.length < fewest.length ? problems : fewest));
  }
  const problems: string[] = [];
  for (const branch of (schema.allOf as Schema[] | undefined) ?? []) problems.push(...schemaProblems(branch, value, at, components));
  if ('const' in schema && value !== schema.const) problems.push(`${where}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) problems.push(`${where}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((type) => typeFits(type, value))) return [...problems, `${where}: ${typeOf(value)} ${JSON.stringify(value)?.slice(0, 60)} where ${types.join(' or ')} is documented`];
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) problems.push(`${where}: ${value} < minimum ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) problems.push(`${where}: ${value} > maximum ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) problems.push(`${where}: ${value} <= exclusiveMinimum ${schema.exclusiveMinimum}`);
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) problems.push(`${where}: ${value} >= exclusiveMaximum ${schema.exclusiveMaximum}`);
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) problems.push(`${where}: shorter than ${schema.minLength}`);
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) problems.push(`${where}: longer than ${schema.maxLength}`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) problems.push(`${where}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) problems.push(`${where}: fewer than ${schema.minItems} items`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) problems.push(`${where}: more than ${schema.maxItems} items`);
    const prefix = (schema.prefixItems as Schema[] | undefined) ?? [];
    value.forEach((item, index) => {
      const itemSchema = prefix[index] ?? (schema.items as Schema | undefined);
      if (itemSchema) problems.push(...schemaProblems(itemSchema, item, `${at}/${index}`, components));
    });
  }
  if (typeOf(value) === 'object' && (schema.type === 'object' || schema.properties || schema.additionalProperties !== undefined)) {
    const record = value as Record<string, unknown>;
    const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
    const additional = schema.additionalProperties;
    for (const name of (schema.required as string[] | undefined) ?? []) {
      if (!(name in record)) problems.push(`${at}/${name}: required by the document, absent from the answer`);
    }
    for (const [name, field] of Object.entries(record)) {
      if (properties[name]) problems.push(...schemaProblems(properties[name], field, `${at}/${name}`, components));
      else if (additional && typeof additional === 'object') problems.push(...schemaProblems(additional as Schema, field, `${at}/${name}`, components));
      else if (additional !== true) problems.push(`${at}/${name}: not in the documented schema`);
      if (schema.propertyNames) problems.push(...schemaProblems(schema.propertyNames as Schema, name, `${at}/${name} (name)`, components));
    }
  }
  return problems;
}

/** The drifts of one answer from the document (an empty list when it keeps to it). */
export function contractProblems(method: string, url: string, answer: Answer): string[] {
  const pathname = new URL(url, 'http://contract.check').pathname;
  if (pathname.startsWith('/sandbox/') || pathname === '/api-docs' || pathname.startsWith('/api-docs/')) return [];
  const { routes, errorEnvelope } = documented();
  const segments = pathname.split('/').map(decoded);
  const sameMethod = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const route = routes.find((candidate) => candidate.method === sameMethod && matches(candidate, segments));
  const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!route) {
    // Not an operation: under an API base only the error envelope may answer (404, 405…).
    if (!isApiPath(pathname)) return [];
    if (answer.status < 400) return [`${answer.status} from a path no operation documents`];
    return mediaType === 'application/json' ? schemaProblems(errorEnvelope, answer.body) : [`${answer.status} as ${mediaType || 'no media type'} where the error envelope (JSON) is due`];
  }
  return method.toUpperCase() === 'HEAD' ? statusProblems(route, answer.status) : routeProblems(route, answer);
}

/** The drifts of an answer from the operation documented as `method` `path` (the document's own path, e.g. /api-v2-bpr/deposito/{id}). */
export function operationProblems(method: string, path: string, answer: Answer): string[] {
  const route = documented().routes.find((candidate) => candidate.method === method.toUpperCase() && candidate.path === path);
  return route ? routeProblems(route, answer) : [`${method} ${path} is not a documented operation`];
}

function statusProblems(route: Route, status: number): string[] {
  return route.responses[String(status)] ? [] : [`status ${status} is not documented for ${route.method} ${route.path} (documented: ${Object.keys(route.responses).join(', ')})`];
}

function routeProblems(route: Route, answer: Answer): string[] {
  const documentedAnswer = route.responses[String(answer.status)];
  if (!documentedAnswer) return statusProblems(route, answer.status);
  const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (answer.text === '' && !documentedAnswer.content) return [];
  const media = documentedAnswer.content?.[mediaType];
  if (!media) return [`${answer.status} as ${mediaType || 'no media type'}; documented: ${Object.keys(documentedAnswer.content ?? {}).join(', ') || 'no body'}`];
  if (mediaType !== 'application/json') return [];
  if (answer.body === undefined) return [`${answer.status} says JSON but its body does not parse: ${answer.text.slice(0, 80)}`];
  return media.schema ? schemaProblems(media.schema, answer.body) : [];
}

/** The harness's hook: throws (or, with CONTRACT_CHECK_REPORT, records) the drifts of an answer, and passes the answer on. */
export function checkAnswer<T extends Answer>(method: string, url: string, answer: T): T {
  const problems = contractProblems(method, url, answer);
  if (problems.length === 0) return answer;
  const path = new URL(url, 'http://contract.check').pathname;
  const report = process.env.CONTRACT_CHECK_REPORT;
  if (report) {
    appendFileSync(report, `${JSON.stringify({ method, path, status: answer.status, problems: problems.slice(0, 20) })}\n`);
    return answer;
  }
  throw new Error(`The answer of ${method} ${path} (${answer.status}) differs from the OpenAPI document:\n  ${problems.slice(0, 20).join('\n  ')}`);
}
