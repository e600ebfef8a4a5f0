import { openApiDocument } from '../../../../server/platform/http/openapi';

/**
 * The operations to fuzz, read from the served OpenAPI document (never a hand list): every
 * route the server registers is documented (http-basics.test.ts checks that), so a route added
 * later is fuzzed without touching the fuzz suite.
 */

export type JsonSchema = Record<string, unknown>;

export interface FuzzParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export type Security = 'none' | 'bearer' | 'raw';

export interface FuzzBody {
  kind: 'json' | 'multipart';
  /** The body's JSON Schema; for multipart, without the file fields. */
  schema: JsonSchema;
  /** Multipart file fields: name -> whether it takes several files. */
  files: Record<string, { many: boolean }>;
}

export interface FuzzOperation {
  /** "POST /api-v2-bpr/auth/login" */
  id: string;
  method: string;
  /** The path template with `{name}` parameters. */
  path: string;
  parameters: FuzzParameter[];
  body: FuzzBody | null;
  security: Security;
  /** Media types a 200 may answer instead of JSON (downloads, stored files). */
  binaryTypes: string[];
}

type Document = JsonSchema & { paths: Record<string, Record<string, JsonSchema>>; components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, JsonSchema> } };

/** Inlines `#/components/...` references. */
function deref(schema: unknown, doc: Document, depth = 0): any {
  if (depth > 20 || schema === null || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map((item) => deref(item, doc, depth + 1));
  const ref = (schema as JsonSchema).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = ref.slice(2).split('/').reduce<any>((node, key) => node?.[key], doc);
    return deref(target, doc, depth + 1);
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, deref(value, doc, depth + 1)]));
}

function isBinary(schema: JsonSchema | undefined): boolean {
  return schema?.type === 'string' && schema.format === 'binary';
}

function securityOf(operation: JsonSchema, doc: Document): Security {
  const requirements = (operation.security as Array<Record<string, unknown>> | undefined) ?? [];
  const name = requirements.flatMap((requirement) => Object.keys(requirement))[0];
  if (!name) return 'none';
  const scheme = doc.components?.securitySchemes?.[name] ?? {};
  if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer') return 'bearer';
  if (scheme.type === 'apiKey' && String(scheme.name).toLowerCase() === 'authorization') return 'raw';
  throw new Error(`fuzz: unknown security scheme ${name}; teach tests/api/support/fuzz/operations.ts how to send it`);
}

function bodyOf(operation: JsonSchema, doc: Document): FuzzBody | null {
  const content = (deref(operation.requestBody, doc) as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
  if (!content) return null;
  if (content['application/json']) return { kind: 'json', schema: content['application/json'].schema, files: {} };
  const multipart = content['multipart/form-data'];
  if (multipart) {
    const properties = (multipart.schema.properties as Record<string, JsonSchema> | undefined) ?? {};
    const files: FuzzBody['files'] = {};
    const fields: Record<string, JsonSchema> = {};
    for (const [name, schema] of Object.entries(properties)) {
      if (isBinary(schema)) files[name] = { many: false };
      else if (schema.type === 'array' && isBinary(schema.items as JsonSchema)) files[name] = { many: true };
      else fields[name] = schema;
    }
    const required = ((multipart.schema.required as string[] | undefined) ?? []).filter((name) => name in fields);
    return { kind: 'multipart', schema: { ...multipart.schema, properties: fields, required }, files };
  }
  throw new Error(`fuzz: unknown request body type ${Object.keys(content).join(', ')}`);
}

export function fuzzOperations(doc: Document = openApiDocument() as Document): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const operation = deref(raw, doc) as JsonSchema;
      const parameters = ((operation.parameters as FuzzParameter[] | undefined) ?? []).map((parameter) => ({
        name: parameter.name,
        in: parameter.in,
        required: parameter.required,
        schema: parameter.schema ?? {},
      }));
      const ok = (operation.responses as Record<string, { content?: Record<string, unknown> }> | undefined)?.['200']?.content ?? {};
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters,
        body: bodyOf(operation, doc),
        security: securityOf(operation, doc),
        binaryTypes: Object.keys(ok).filter((type) => type !== 'application/json'),
      });
    }
  }
  return operations;
}
