import http from 'node:http';
import { Client } from 'pg';
import { z } from 'zod';
import type { JsonSchema } from './arbitraries';

/** One operation of the committed OpenAPI document, with validators for what it accepts. */
export interface Operation {
  method: string;
  /** The path template, e.g. `/api/conversations/{id}/messages`. */
  path: string;
  secured: boolean;
  pathParams: { name: string; schema: JsonSchema; valid: z.ZodType }[];
  queryParams: { name: string; schema: JsonSchema; valid: z.ZodType }[];
  /** `required: false`: a request without a body is as good as one with a valid body. */
  body?: { schema: JsonSchema; valid: z.ZodType; required: boolean };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}
interface OpenApiOperation {
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
}

/** Replaces every `$ref` to `#/components/schemas/X` with the schema itself. */
function inline(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  if (schema.$ref) return inline(components[schema.$ref.split('/').pop()!]!, components);
  return JSON.parse(JSON.stringify(schema), (key, value) =>
    value && typeof value === 'object' && typeof value.$ref === 'string'
      ? inline(value as JsonSchema, components)
      : value,
  ) as JsonSchema;
}

/** Every operation the committed OpenAPI document declares. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const param = (where: string) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === where)
          .map((parameter) => {
            const schema = inline(parameter.schema, document.components.schemas);
            const validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
            return {
              name: parameter.name,
              schema,
              // Query values arrive as strings; the document types the parsed value.
              valid:
                schema.type === 'integer'
                  ? z
                      .string()
                      .regex(/^\d+$/)
                      .transform(Number)
                      .pipe(validator as z.ZodType<unknown, number>)
                  : validator,
            };
          });
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      const inlined = bodySchema ? inline(bodySchema, document.components.schemas) : undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        secured: (operation.security ?? []).length > 0,
        pathParams: param('path'),
        queryParams: param('query'),
        body: inlined
          ? {
              schema: inlined,
              valid: z.fromJSONSchema(inlined as Parameters<typeof z.fromJSONSchema>[0]),
              required: operation.requestBody?.required === true,
            }
          : undefined,
      });
    }
  }
  return operations;
}

export interface RawRequest {
  method: string;
  /** Already encoded for the request line. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** Node's default `--max-http-header-size`. */
const NODE_MAX_HEADER_SIZE = 16 * 1024;

function headSize(request: RawRequest): number {
  return Object.entries(request.headers).reduce(
    (size, [name, value]) => size + name.length + Buffer.byteLength(value, 'latin1') + 4,
    request.method.length + request.path.length + 64,
  );
}

/** How far from Node's limit a head must be for `headSize`'s estimate to be sure which side it is on. */
const HEAD_LIMIT_MARGIN = 2048;

/**
 * A head within the margin of Node's limit could fall on either side of it,
 * and one that is over while a body is written gets a reset instead of 431,
 * depending on timing. Such a head is padded clearly over the limit, so the
 * request stays bad and its answer does not depend on the race.
 */
function clearOfHeadLimit(request: RawRequest): RawRequest {
  const size = headSize(request);
  if (Math.abs(size - NODE_MAX_HEADER_SIZE) >= HEAD_LIMIT_MARGIN) return request;
  const padding = NODE_MAX_HEADER_SIZE + HEAD_LIMIT_MARGIN - size;
  return { ...request, headers: { ...request.headers, 'x-padding': 'p'.repeat(padding) } };
}

export interface RawResponse {
  status: number;
  text: string;
  ms: number;
}

/**
 * Sends exactly the bytes given (node:http, so odd paths, headers and
 * encodings reach the server as generated) and waits at most `timeoutMs`.
 * A connection the server drops without answering is reported as status 0.
 */
export function send(base: string, generated: RawRequest, timeoutMs: number): Promise<RawResponse> {
  const request = clearOfHeadLimit(generated);
  const target = new URL(base);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.path,
        headers: {
          ...request.headers,
          ...(request.body ? { 'content-length': String(request.body.length) } : {}),
        },
        agent: false,
      },
      (response) => {
        // An event stream that opened (a fan's own conversation events) stays open by design:
        // its answer is its status, and the connection is closed here.
        if (String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          resolve({ status: response.statusCode ?? 0, text: '(event stream)', ms: Date.now() - started });
          outgoing.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: Date.now() - started,
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(timeoutMs, () => {
      outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`));
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET')
        resolve({ status: 0, text: `connection dropped: ${error.code}`, ms: Date.now() - started });
      else reject(error);
    });
    // Node answers a head over its limit with 431 and closes at once; a body
    // still being written then turns that answer into a reset, so send none.
    if (request.body && headSize(request) < NODE_MAX_HEADER_SIZE) outgoing.write(request.body);
    outgoing.end();
  });
}

export type TableSnapshot = Record<string, { rows: number; checksum: string }>;

/** Row count and a checksum of every row of every table the services own. */
export async function snapshotTables(databaseUrl: string): Promise<TableSnapshot> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
        ORDER BY 1, 2`,
    );
    const snapshot: TableSnapshot = {};
    for (const { schema, name } of tables) {
      const quoted = `"${schema.replace(/"/g, '""')}"."${name.replace(/"/g, '""')}"`;
      const { rows } = await client.query<{ rows: number; checksum: string }>(
        `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS checksum
           FROM ${quoted} t`,
      );
      snapshot[`${schema}.${name}`] = rows[0]!;
    }
    return snapshot;
  } finally {
    await client.end();
  }
}

/** Whether `schema` accepts `value`; a value too deep for the validator counts as refused. */
export function accepts(schema: z.ZodType, value: unknown): boolean {
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}

/**
 * `encodeURIComponent` that also takes lone surrogates (as their WTF-8 bytes),
 * so a path or query can carry what a careless client would send.
 */
export function percentEncode(value: string): string {
  let encoded = '';
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    const next = value.charCodeAt(index + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(value.slice(index, index + 2));
      index++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else encoded += encodeURIComponent(value[index]!);
  }
  return encoded;
}

/** The gateway's JSON body limit (Nest's default for body-parser). */
const JSON_BODY_LIMIT = 100 * 1024;

/**
 * The value the gateway's JSON parser reads from `bytes`, or undefined when
 * it refuses them. Like body-parser it drops a byte-order mark and replaces
 * bytes that are not UTF-8, so such bodies are judged by what the server sees.
 */
export function readLikeTheGateway(bytes: Buffer): { value: unknown } | undefined {
  if (bytes.length > JSON_BODY_LIMIT) return undefined;
  const text = new TextDecoder('utf-8').decode(bytes);
  // body-parser's strict mode takes only objects and arrays.
  if (!/^[\s]*[[{]/.test(text)) return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** A value as it arrives after JSON on the wire (prototype keys, undefined and the like gone). */
export function asSent(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
}
