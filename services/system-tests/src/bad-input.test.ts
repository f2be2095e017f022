import { Events, ErrorCode, Subjects, contractFor, eventContracts } from '@backtalk/proto';
import { describeWithNats, testNatsUrl, type TestDatabase, waitFor } from '@backtalk/testing';
import fc from 'fast-check';
import { connect, headers as natsHeaders, type NatsConnection } from 'nats';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { createSystemTestDatabase } from './service-databases';
import {
  bodyFor,
  deeplyNestedJson,
  deepNesting,
  headerValue,
  type JsonSchema,
  type KnownValues,
  nastyString,
} from './bad-input/arbitraries';
import {
  accepts,
  asSent,
  readLikeTheGateway,
  type Operation,
  operationsOf,
  percentEncode,
  type RawRequest,
  send,
  snapshotTables,
  type TableSnapshot,
} from './bad-input/wire';
import { type RunningCluster, repoRoot, startCluster, waitUntilAnswering } from './processes';

/**
 * Issue 7 item 9: generated bad input against every HTTP route of the gateway
 * (from the committed OpenAPI document, plus the web app's routes) and every
 * NATS subject, on the cluster (seven processes, real NATS and PostgreSQL).
 * Asserts: no 5xx, no INTERNAL over NATS, an answer within a bound, no stored
 * change, no free-tier allowance spent. The seed is printed; rerun one with
 * BAD_INPUT_SEED=<seed> (and BAD_INPUT_RUNS=<n> for a longer run).
 */
const DEFAULT_SEED = 42;
// A fixed seed by default, so CI is reproducible; `BAD_INPUT_SEED=random` explores new inputs
// (open findings of other seeds are listed in docs/security.md, 7.9).
const seed =
  process.env.BAD_INPUT_SEED === 'random'
    ? Date.now() % 2_147_483_647
    : Number(process.env.BAD_INPUT_SEED ?? DEFAULT_SEED);
const numRuns = Number(process.env.BAD_INPUT_RUNS ?? 150);
const ANSWER_WITHIN_MS = 10_000;
const NATS_ANSWER_WITHIN_MS = 5_000;
process.stdout.write(
  `bad-input suite: seed ${seed}, ${numRuns} runs per property (BAD_INPUT_SEED to replay)\n`,
);

const openapi = JSON.parse(readFileSync(path.join(repoRoot, 'services/gateway/openapi.json'), 'utf8'));
const operations = operationsOf(openapi);

/**
 * Rows that say who is looking, not what anyone asked for: a fan's open chat events stream records
 * that the chat is open (chat-inference's conversation_watches, docs/architecture.md "Inbox"), and
 * the suite opens that stream with well-formed requests the route rightly accepts.
 */
const PRESENCE_TABLES = new Set(['chat_inference.conversation_watches']);

describeWithNats('bad input: generated requests change nothing and never fail inside', () => {
  let database: TestDatabase;
  let cluster: RunningCluster;
  let nats: NatsConnection;
  const prefix = `fuzz${randomBytes(4).toString('hex')}.`;
  let fan: { userId: string; accessToken: string; refreshToken: string };
  let featuredId: string;
  let conversationId: string;
  let replyId: string;
  let known: KnownValues;
  let before: TableSnapshot;
  const findings: string[] = [];

  const api = async (route: string, init: { method?: string; body?: unknown; token?: string } = {}) => {
    const response = await fetch(`${cluster.gatewayUrl}${route}`, {
      method: init.method ?? 'GET',
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    // The few valid requests of the setup read fields of known replies.
    type Reply = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json().catch(() => undefined)) as Reply,
    };
  };
  const allowance = async () =>
    (
      await api('/api/chat/rate-limit', {
        method: 'POST',
        token: fan.accessToken,
        body: { creatorId: featuredId, message: '' },
      })
    ).body;

  beforeAll(async () => {
    database = await createSystemTestDatabase('badinput');
    cluster = await startCluster({
      DATABASE_URL: database.url,
      NATS_URL: testNatsUrl(),
      NATS_SUBJECT_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
      LLM_THREADS: '1',
      LLM_MAX_TOKENS: '16',
      LLM_PRELOAD: 'false',
      // One message a window: any message the bad input spent would show in the status.
      FREE_TIER_MESSAGES: '1',
      // The suite sends thousands of requests from one address; the throttles are not under test here.
      THROTTLE_PER_MINUTE: '100000',
      GUEST_CREATIONS_PER_MINUTE: '100000',
    });
    await waitUntilAnswering(cluster, 120_000);
    nats = await connect({ servers: testNatsUrl() });
    const guest = await api('/api/auth/guest', { method: 'POST', body: {} });
    fan = {
      userId: guest.body.userId,
      accessToken: guest.body.tokens.accessToken,
      refreshToken: /bt_refresh=([^;]+)/.exec(guest.headers.get('set-cookie') ?? '')?.[1] ?? '',
    };
    expect(fan.refreshToken).not.toBe('');
    featuredId = (await api('/api/creators/featured')).body.id;
    conversationId = (
      await api('/api/conversations', {
        method: 'POST',
        token: fan.accessToken,
        body: { creatorId: featuredId },
      })
    ).body.id;
    // A persona reply in the fan's conversation, stored as chat-inference stores one (a send would
    // spend the allowance under test): the report route then meets a message it could accept.
    replyId = randomUUID();
    const sql = new Client({ connectionString: database.url });
    await sql.connect();
    await sql
      .query(
        `INSERT INTO chat_inference.messages (id, "conversationId", owner, role, content)
         VALUES ($1, $2, $3, 'assistant', '[{"text": "A reply"}]')`,
        [replyId, conversationId, fan.userId],
      )
      .finally(() => sql.end());
    // Another demo creator is the fan's own, so the routes only a creator may use (boundaries and
    // their preview, the audience, the pause) meet generated bad input past their owner check.
    const sqlOwner = new Client({ connectionString: database.url });
    await sqlOwner.connect();
    const ownedId = (
      await sqlOwner
        .query(
          `UPDATE creators.creators SET "userId" = $1
            WHERE id = (SELECT id FROM creators.creators WHERE "demoAccount" AND id <> $2 ORDER BY handle LIMIT 1)
            RETURNING id`,
          [fan.userId, featuredId],
        )
        .finally(() => sqlOwner.end())
    ).rows[0].id as string;
    // A fact the persona remembers about the fan: the memory routes meet an id they could accept.
    const memoryId = randomUUID();
    const sqlMemory = new Client({ connectionString: database.url });
    await sqlMemory.connect();
    await sqlMemory
      .query(
        `INSERT INTO chat_inference.fan_memories (id, owner, "creatorId", text) VALUES ($1, $2, $3, 'The fan''s name is Sam.')`,
        [memoryId, fan.userId, featuredId],
      )
      .finally(() => sqlMemory.end());
    known = {
      uuids: [featuredId, conversationId, fan.userId, replyId, ownedId, memoryId],
      strings: ['demo.creator', '@demo.creator', 'bypassSubscriptions', 'development'],
    };
    expect(await allowance()).toEqual({ canSendMessage: true, nextAvailableTime: null });
    before = await snapshotTables(database.url);
  }, 240_000);

  afterAll(async () => {
    await nats?.close();
    await cluster?.stop();
    await database?.drop();
  });

  /** Records a finding instead of throwing, so one run reports every kind of failure it met. */
  const check = (what: string, ok: boolean, detail: () => string): boolean => {
    if (!ok) findings.push(`${what}: ${detail()}`);
    return ok;
  };

  /**
   * Runs a property with the suite's seed. fc.check, not fc.assert: a report that
   * prints a 5000-level counterexample overflows the stack, and `check` has
   * already recorded what was sent and answered.
   */
  const runProperty = async <T extends [unknown, ...unknown[]]>(
    label: string,
    property: fc.IAsyncProperty<T>,
    parameters: fc.Parameters<T>,
  ): Promise<void> => {
    const details = await fc.check(property, { ...parameters, seed });
    if (!details.failed) return;
    const cause = details.errorInstance instanceof Error ? `: ${details.errorInstance.message}` : '';
    findings.push(
      `${label}: failed after ${details.numRuns} runs (replay with BAD_INPUT_SEED=${details.seed}, path ${details.counterexamplePath})${cause}`,
    );
  };

  describe('HTTP', () => {
    const token = (): fc.Arbitrary<{ header?: string; valid: boolean }> =>
      fc.oneof(
        { weight: 3, arbitrary: fc.constant({ header: `Bearer ${fan.accessToken}`, valid: true }) },
        { weight: 1, arbitrary: fc.constant({ valid: false }) },
        {
          weight: 2,
          arbitrary: fc
            .oneof(
              fc.constantFrom(
                'Bearer',
                'Bearer ',
                'Bearer a.b.c',
                'Basic YWRtaW46YWRtaW4=',
                `Bearer ${fan.refreshToken}`,
                `Bearer ${fan.accessToken}x`,
                `bearer ${fan.accessToken.split('.').slice(0, 2).join('.')}.`,
                `Bearer ${fan.accessToken.split('.')[0]}.${Buffer.from(JSON.stringify({ sub: randomUUID(), groups: ['admin'] })).toString('base64url')}.${fan.accessToken.split('.')[2]}`,
                `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(`{"sub":"${fan.userId}"}`).toString('base64url')}.`,
              ),
              headerValue.map((value) => `Bearer ${value}`),
              headerValue,
            )
            .map((header) => ({ header, valid: false })),
        },
      );

    const contentType = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          'application/json; charset=latin1',
          'application/json; charset=utf-16',
          'application/json; charset=x-nonsense',
          'application/json; charset="',
          'application/json;;;',
          'text/plain',
          'text/plain; charset=utf-8',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          '*/*',
          '',
          'application/json, text/plain',
        ),
      },
      { weight: 1, arbitrary: headerValue },
    );
    const goodContentType = (value: string | undefined) =>
      value !== undefined && /^application\/json(; charset=("?)utf-8\2)?$/i.test(value);

    /** How the body travels: as is, gzip for real, or claiming an encoding it lacks. */
    const encoding = fc.oneof(
      { weight: 5, arbitrary: fc.constant<string | undefined>(undefined) },
      { weight: 1, arbitrary: fc.constantFrom('identity', 'gzip', 'gzip-fake', 'deflate-fake', 'br-fake') },
      { weight: 1, arbitrary: fc.constantFrom('x-unknown', 'gzip, x-unknown', 'compress', 'GZIP') },
    );

    /** The body as bytes: JSON of a generated value, or raw text and bytes that are not JSON. */
    const rawBody = (operation: Operation): fc.Arbitrary<{ bytes: Buffer; read?: { value: unknown } }> =>
      fc
        .oneof(
          {
            weight: 6,
            arbitrary: bodyFor(operation.body?.schema, known).map((value) =>
              Buffer.from(JSON.stringify(value) ?? 'null'),
            ),
          },
          {
            weight: 2,
            arbitrary: fc
              .oneof(
                fc.constantFrom(
                  'not json',
                  '{',
                  '{"a":',
                  '[1,2',
                  '{"content":[{"text":"hi"}]',
                  "{'a':1}",
                  'NaN',
                ),
                nastyString(),
                deeplyNestedJson,
              )
              .map((text) => Buffer.from(text)),
          },
          {
            weight: 1,
            arbitrary: fc.oneof(
              fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
              fc.constant(Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d])),
              fc.constant(Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00])),
              fc.constant(Buffer.from('{"content":[{"text":"\xff\xfe"}]}', 'latin1')),
            ),
          },
          {
            // Sizes around and far over the JSON limit, still valid JSON otherwise.
            weight: 1,
            arbitrary: fc
              .constantFrom(90_000, 110_000, 250_000, 1_100_000)
              .map((size) => Buffer.from(JSON.stringify({ content: [{ text: 'x'.repeat(size) }] }))),
          },
        )
        // Judged by what the server reads, not by how it was built (a BOM, say, is dropped).
        .map((bytes) => ({ bytes, read: readLikeTheGateway(bytes) }));

    /** Path values; their validity is judged afterwards against each parameter's schema. */
    const pathValue = () =>
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...known.uuids, ...known.strings).map(percentEncode) },
        { weight: 3, arbitrary: nastyString().map((value) => percentEncode(value).slice(0, 20_000)) },
        // Raw bytes a decoder may choke on.
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            '%',
            '%zz',
            '%E0%A4%A',
            '%C0%AF',
            '..',
            '.',
            '%2e%2e%2f',
            '%00',
            '%D8%00',
          ),
        },
      );
    // Validity of a path value is judged on its decoded form; one that does not decode is invalid.
    const decoded = (value: string): string | undefined => {
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    };

    const queryString = (operation: Operation) =>
      fc
        .array(
          fc.tuple(
            fc.oneof(
              {
                weight: 4,
                arbitrary: operation.queryParams.length
                  ? fc.constantFrom(...operation.queryParams.map((parameter) => parameter.name))
                  : fc.constant('q'),
              },
              {
                weight: 1,
                arbitrary: fc.constantFrom('limit[]', 'before[a]', 'token', 'access_token', '__proto__'),
              },
            ),
            fc.oneof(
              fc.constantFrom('1', '0', '100', '101', '-1', '1.5', 'true', 'maybe', '', 'x'.repeat(201)),
              nastyString().map((value) => value.slice(0, 4000)),
            ),
          ),
          { maxLength: 4 },
        )
        .map((pairs) => pairs);

    /**
     * A route that declares query parameters refuses unknown, repeated and bad
     * ones; one that declares none ignores the query string, as links carrying
     * `?utm_source=` expect (docs/security.md §7.9).
     */
    const queryValid = (operation: Operation, pairs: [string, string][]): boolean => {
      if (operation.queryParams.length === 0) return true;
      const names = new Set<string>();
      for (const [name, value] of pairs) {
        const parameter = operation.queryParams.find((candidate) => candidate.name === name);
        if (!parameter || names.has(name) || !accepts(parameter.valid, value)) return false;
        names.add(name);
      }
      return true;
    };

    const declares = (path: string, method: string) =>
      operations.some(
        (candidate) =>
          candidate.path === path &&
          (candidate.method === method || (method === 'HEAD' && candidate.method === 'GET')),
      );

    /** A request for `operation` that is bad in at least one way the route checks. */
    const badRequest = (operation: Operation) =>
      fc
        .record({
          method: fc.oneof(
            { weight: 6, arbitrary: fc.constant(operation.method) },
            {
              weight: 1,
              arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
            },
          ),
          params: fc.tuple(...operation.pathParams.map(() => pathValue())) as fc.Arbitrary<string[]>,
          query: queryString(operation),
          token: token(),
          contentType,
          encoding,
          body: rawBody(operation),
          extra: fc.dictionary(
            fc.constantFrom(
              'x-request-id',
              'accept',
              'x-forwarded-for',
              'cookie',
              'origin',
              'user-agent',
              'range',
            ),
            headerValue,
            { maxKeys: 3 },
          ),
        })
        .filter((generated) => {
          if (generated.method === 'GET' && operation.method === 'GET') return true;
          // Another method is bad unless the path declares it too (HEAD answers like GET):
          // DELETE /api/auth/sessions beside GET /api/auth/sessions, say.
          if (generated.method !== operation.method) return !declares(operation.path, generated.method);
          const paramsBad = operation.pathParams.some((parameter, index) => {
            const value = decoded(generated.params[index]!);
            return value === undefined || !accepts(parameter.valid, value);
          });
          // An empty body travels without a Content-Type check (unless gzip makes it bytes)
          // and reads as `{}`: fine where the document marks the body optional.
          const noBody =
            generated.body.bytes.length === 0 &&
            (generated.encoding !== 'gzip' || goodContentType(generated.contentType));
          const bodyBad =
            !!operation.body &&
            !(noBody && !operation.body.required) &&
            (!generated.body.read ||
              !accepts(operation.body.valid, generated.body.read.value) ||
              !goodContentType(generated.contentType) ||
              (generated.encoding !== undefined && !['identity', 'gzip'].includes(generated.encoding)));
          return (
            paramsBad ||
            bodyBad ||
            (operation.secured && !generated.token.valid) ||
            !queryValid(operation, generated.query)
          );
        });

    type Generated = Parameters<Parameters<ReturnType<typeof badRequest>['filter']>[0]>[0];
    const toRaw = (operation: Operation, generated: Generated): RawRequest => {
      let routePath = operation.path;
      operation.pathParams.forEach((parameter, index) => {
        routePath = routePath.replace(`{${parameter.name}}`, generated.params[index]);
      });
      const search = (generated.query as [string, string][])
        .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
        .join('&');
      const headers: Record<string, string> = { ...generated.extra };
      if (generated.token.header !== undefined) headers.authorization = generated.token.header;
      let body: Buffer | undefined;
      if (generated.method !== 'GET' && generated.method !== 'HEAD') {
        body = generated.body.bytes;
        headers['content-type'] = generated.contentType;
        if (generated.encoding === 'gzip') body = gzipSync(body);
        if (generated.encoding) headers['content-encoding'] = generated.encoding.replace(/-fake$/, '');
      }
      return { method: generated.method, path: search ? `${routePath}?${search}` : routePath, headers, body };
    };

    /** What was sent and answered, short enough to read in a failure. */
    const describeExchange = (request: RawRequest, response: { status: number; text: string }) => {
      const { authorization, ...headers } = request.headers;
      const token =
        authorization === undefined ? 'none' : authorization.includes(fan.accessToken) ? 'the fan’s' : 'bad';
      return [
        `${request.method} ${request.path.slice(0, 300)}`,
        `token ${token}, headers ${JSON.stringify(headers).slice(0, 300)}`,
        `body ${request.body?.length ?? 0} bytes ${request.body?.subarray(0, 200).toString('latin1') ?? ''}`,
        `→ ${response.status} ${response.text.slice(0, 300)}`,
      ].join(' | ');
    };

    const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

    const expectAnswered = (
      label: string,
      request: RawRequest,
      response: { status: number; text: string },
    ) => {
      const shown = () => describeExchange(request, response);
      check(`${label}: answered`, response.status !== 0, shown);
      check(`${label}: no 5xx`, response.status < 500, shown);
      return response.status > 0 && response.status < 500;
    };

    it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
      '%s answers generated bad input with a 4xx, in time',
      async (label, operation) => {
        await runProperty(
          label,
          fc.asyncProperty(badRequest(operation), async (generated) => {
            const request = toRaw(operation, generated);
            const response = await send(cluster.gatewayUrl, request, ANSWER_WITHIN_MS);
            // A command that was bad in some way it checks must not succeed. GET, HEAD and
            // OPTIONS are no commands (a HEAD on this path may be another route's GET); that
            // they changed nothing is checked by the snapshot at the end.
            const refused =
              operation.method === 'GET' ||
              SAFE_METHODS.has(request.method) ||
              response.status < 200 ||
              response.status >= 300 ||
              check(`${label}: bad command refused`, false, () => describeExchange(request, response));
            return expectAnswered(label, request, response) && refused;
          }),
          { seed, numRuns: Math.ceil(numRuns / 3), endOnFailure: true },
        );
        expect(findings.filter((finding) => finding.startsWith(label))).toEqual([]);
      },
    );

    /**
     * Birth dates (docs/safety.md, "Age"): the document types them as strings, so the generic
     * property rarely meets a near miss. Malformed ones, days that do not exist, future dates and
     * absurd ages get a clear 400 on sign-up and on the age route; the snapshot at the end shows
     * they stored nothing.
     */
    it('answers malformed, impossible, future and absurd birth dates with a 400 that says so', async () => {
      const label = 'birth dates';
      const iso = (date: Date) => date.toISOString().slice(0, 10);
      const day = 24 * 60 * 60 * 1000;
      const badBirthdate = fc.oneof(
        fc.integer({ min: 2, max: 400_000 }).map((days) => iso(new Date(Date.now() + days * day))),
        fc.integer({ min: 1000, max: 1904 }).map((year) => `${year}-01-01`),
        fc.constantFrom('2010-02-30', '2011-02-29', '2010-13-01', '2010-00-10', '2010-04-31', '0000-01-01'),
        fc.constantFrom('10/05/2010', '2010-5-17', '2010-05-17T00:00:00Z', '20100517', 'yesterday', '', ' '),
        nastyString().map((value) => value.slice(0, 40)),
      );
      await runProperty(
        label,
        fc.asyncProperty(badBirthdate, fc.boolean(), async (birthdate, onSignUp) => {
          const route = onSignUp ? '/api/auth/sign-up' : '/api/auth/age';
          const answer = onSignUp
            ? await api(route, {
                method: 'POST',
                body: {
                  email: `kid.${randomUUID()}@example.com`,
                  password: 'Sunny-Day-42',
                  attributes: { birthdate },
                },
              })
            : await api(route, { method: 'PUT', token: fan.accessToken, body: { birthdate } });
          return check(
            `${label}: ${route} refuses ${JSON.stringify(birthdate)} with 400 VALIDATION_FAILED`,
            answer.status === 400 && answer.body?.code === ErrorCode.ValidationFailed,
            () => `→ ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
          );
        }),
        { seed, numRuns: Math.ceil(numRuns / 3), endOnFailure: true },
      );
      expect(findings.filter((finding) => finding.startsWith(label))).toEqual([]);
    });

    /**
     * Creator boundaries (docs/safety.md, "Creator boundaries") on the fan's own creator, past the
     * owner check: lists the document cannot describe (too many, a topic twice, a line break or a
     * control character in a topic, blank topics, overlong texts) and previews carrying them get
     * a 400; the snapshot at the end shows they stored nothing.
     */
    it('answers bad boundary lists and previews on the caller’s own creator with a 400', async () => {
      const label = 'boundaries';
      const topic = fc
        .string({ minLength: 1, maxLength: 30 })
        .filter((text) => text.trim() !== '' && !/[\u0000-\u001f\u007f\uD800-\uDFFF]/.test(text));
      const badList = fc.oneof(
        fc
          .array(topic, { minLength: 21, maxLength: 25 })
          .map((topics) => topics.map((text, index) => ({ topic: `${text} ${index}` }))),
        topic.map((text) => [{ topic: text }, { topic: text }]),
        fc
          .tuple(topic, fc.constantFrom('\n', '\r', '\u0000', '\u0007', '\u001b', '\u007f'), topic)
          .map(([head, control, tail]) => [{ topic: `${head}${control}${tail}` }]),
        fc.constantFrom(
          [{ topic: '' }],
          [{ topic: '   ' }],
          [{ topic: 'x'.repeat(101) }],
          [{ topic: 'politics', decline: 'x'.repeat(301) }],
          [{ topic: 'politics', decline: 'one\ntwo' }],
          [{ topic: 'politics', severity: 'high' }],
          [{ topic: 5 }],
          [{}],
          'politics',
          null,
        ),
      );
      await runProperty(
        label,
        fc.asyncProperty(badList, fc.boolean(), async (boundaries, preview) => {
          const response = preview
            ? await api(`/api/creators/${known.uuids[4]}/boundaries/preview`, {
                method: 'POST',
                token: fan.accessToken,
                body: { question: 'How is your family?', boundaries },
              })
            : await api(`/api/creators/${known.uuids[4]}/boundaries`, {
                method: 'PUT',
                token: fan.accessToken,
                body: { boundaries },
              });
          return check(`${label}: 400`, response.status === 400, () =>
            JSON.stringify({ boundaries, preview, status: response.status, body: response.body }).slice(
              0,
              500,
            ),
          );
        }),
        { seed, numRuns: Math.ceil(numRuns / 3), endOnFailure: true },
      );
      expect(findings.filter((finding) => finding.startsWith(label))).toEqual([]);
    });

    /**
     * Drafts and the preview (docs/creators.md, "Drafts, preview and publish") on the fan's own
     * creator, past the owner check: drafts the document cannot describe (nothing named, a blank or
     * overlong prompt, a bad boundary list, a creator named) and preview questions it cannot
     * (blank, overlong, an unknown version, too many or malformed earlier turns) get a 400; the
     * snapshot at the end shows they stored nothing.
     */
    it('answers bad drafts and preview questions on the caller’s own creator with a 400', async () => {
      const label = 'drafts';
      const badDraft = fc.oneof(
        fc.constantFrom(
          {},
          { creatorPrompt: '' },
          { creatorPrompt: '   ' },
          { creatorPrompt: 'x'.repeat(4001) },
          { creatorPrompt: 5 },
          { boundaries: [{ topic: 'a' }, { topic: 'A' }] },
          { boundaries: [{ topic: 'one\ntwo' }] },
          { boundaries: 'politics' },
          { creatorPrompt: 'Be brief.', creatorId: known.uuids[0] },
          { creatorPrompt: 'Be brief.', published: true },
        ),
        fc.integer({ min: 21, max: 25 }).map((count) => ({
          boundaries: Array.from({ length: count }, (_, index) => ({ topic: `topic ${index}` })),
        })),
      );
      const turn = { role: 'fan', text: 'Hi' };
      const badQuestion = fc.oneof(
        fc.constantFrom(
          { question: '', version: 'draft' },
          { question: '   ', version: 'published' },
          { question: 'x'.repeat(1001), version: 'draft' },
          { question: 'Hi?', version: 'staging' },
          { question: 'Hi?' },
          { question: 'Hi?', version: 'draft', history: [{ role: 'creator', text: 'Hi' }] },
          { question: 'Hi?', version: 'draft', history: [{ role: 'fan' }] },
          { question: 'Hi?', version: 'draft', history: 'earlier' },
          { question: 'Hi?', version: 'draft', creatorId: known.uuids[0] },
        ),
        fc.integer({ min: 13, max: 20 }).map((count) => ({
          question: 'Hi?',
          version: 'draft',
          history: Array.from({ length: count }, () => turn),
        })),
      );
      await runProperty(
        label,
        fc.asyncProperty(
          fc.oneof(
            badDraft.map((body) => ({ draft: body })),
            badQuestion.map((body) => ({ ask: body })),
          ),
          async (input) => {
            const response =
              'draft' in input
                ? await api('/api/creator/draft', {
                    method: 'PUT',
                    token: fan.accessToken,
                    body: input.draft,
                  })
                : await api('/api/creator/preview', {
                    method: 'POST',
                    token: fan.accessToken,
                    body: input.ask,
                  });
            return check(`${label}: 400`, response.status === 400, () =>
              JSON.stringify({ input, status: response.status, body: response.body }).slice(0, 500),
            );
          },
        ),
        { seed, numRuns: Math.ceil(numRuns / 3), endOnFailure: true },
      );
      expect(findings.filter((finding) => finding.startsWith(label))).toEqual([]);
    });

    /**
     * `/discover` (docs/creators.md, "Discover"): near misses the document's patterns cannot
     * describe (a page past 500, a page size past 48, a text past 100 characters or with NUL) and
     * malformed ones (signs, decimals, leading zeros, repeated or unknown parameters) get a 400
     * VALIDATION_FAILED; a GET stores nothing, as the snapshot at the end shows.
     */
    it('answers bad /discover searches and pages with a 400', async () => {
      const label = 'discover';
      const badQuery = fc.oneof(
        fc.integer({ min: 501, max: 999 }).map((page) => `page=${page}`),
        fc.integer({ min: 49, max: 99 }).map((size) => `pageSize=${size}`),
        fc.integer({ min: 101, max: 400 }).map((length) => `q=${'a'.repeat(length)}`),
        fc
          .constantFrom('0', '-1', '1.5', '01', '1e2', ' 1', 'abc', '')
          .map((page) => `page=${encodeURIComponent(page)}`),
        fc.constantFrom('0', '-5', '2.0', 'ten').map((size) => `pageSize=${encodeURIComponent(size)}`),
        fc.constantFrom('q=a%00b', 'page=1&page=2', 'q=a&q=b', 'sort=name', 'q[x]=1', 'userId=x'),
      );
      await runProperty(
        label,
        fc.asyncProperty(badQuery, async (query) => {
          const answer = await api(`/api/discover/creators?${query}`);
          return check(
            `${label}: ?${query.slice(0, 60)} refused with 400 VALIDATION_FAILED`,
            answer.status === 400 && answer.body?.code === ErrorCode.ValidationFailed,
            () => `→ ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
          );
        }),
        { seed, numRuns: Math.ceil(numRuns / 3), endOnFailure: true },
      );
      expect(findings.filter((finding) => finding.startsWith(label))).toEqual([]);
    });

    /**
     * Replies that resume anywhere (docs/architecture.md): a Last-Event-ID that is not a fragment id
     * of the reply asked for (another reply's, no seq, signs, decimals, over nine digits, any other
     * text) gets a 400 VALIDATION_FAILED before anything is streamed.
     */
    it('answers a bad Last-Event-ID on a reply stream with a 400', async () => {
      const label = 'reply-stream';
      const fragment = new RegExp(`^${replyId}#\\d{1,9}$`);
      const badId = fc.oneof(
        fc.uuid().map((other) => `${other}#1`),
        fc.constantFrom('#1', 'abc', '0', replyId, `${replyId}#`, `${replyId}#-1`, `${replyId}#1.5`),
        fc.constantFrom(`${replyId}#1e2`, `${replyId}#1234567890`, `${replyId}#0x1`, `${replyId}#1#2`),
        fc.stringMatching(/^[!-~]{1,80}$/).filter((id) => !fragment.test(id)),
      );
      await runProperty(
        label,
        fc.asyncProperty(badId, async (lastEventId) => {
          const response = await fetch(
            `${cluster.gatewayUrl}/api/conversations/${conversationId}/messages/${replyId}/stream`,
            { headers: { authorization: `Bearer ${fan.accessToken}`, 'last-event-id': lastEventId } },
          );
          const body = (await response.json().catch(() => undefined)) as { code?: string } | undefined;
          return check(
            `${label}: Last-Event-ID ${lastEventId.slice(0, 60)} refused with 400 VALIDATION_FAILED`,
            response.status === 400 && body?.code === ErrorCode.ValidationFailed,
            () => `→ ${response.status} ${JSON.stringify(body).slice(0, 300)}`,
          );
        }),
        { seed, numRuns: Math.ceil(numRuns / 3), endOnFailure: true },
      );
      expect(findings.filter((finding) => finding.startsWith(label))).toEqual([]);
    });

    /**
     * The weekly digest's unsubscribe link (docs/creators.md, "Weekly digest"): public, so its token
     * is the only credential. Tokens of the right shape that creators did not sign (a random
     * signature, a known creator id with a made-up one, a truncated one, another secret's) and
     * malformed ones get a 400 VALIDATION_FAILED and turn no digest off (the final snapshot).
     */
    it('answers forged and malformed digest unsubscribe tokens with a 400', async () => {
      const label = 'digest-unsubscribe';
      const part = fc.stringMatching(/^[A-Za-z0-9_-]{1,60}$/);
      const uuidPart = fc.uuid().map((id) => Buffer.from(id).toString('base64url'));
      const badToken = fc.oneof(
        fc.tuple(uuidPart, part).map(([id, signature]) => `${id}.${signature}`),
        fc.tuple(part, part).map(([id, signature]) => `${id}.${signature}`),
        fc.constantFrom('', '.', 'abc', 'a.b.c', 'a..b', ' a.b', 'a.b ', 'a%00.b', 'x'.repeat(301)),
      );
      await runProperty(
        label,
        fc.asyncProperty(badToken, async (token) => {
          const answer = await api('/api/digest/unsubscribe', { method: 'POST', body: { token } });
          return check(
            `${label}: ${JSON.stringify(token).slice(0, 60)} refused with 400 VALIDATION_FAILED`,
            answer.status === 400 && answer.body?.code === ErrorCode.ValidationFailed,
            () => `→ ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
          );
        }),
        { seed, numRuns: Math.ceil(numRuns / 3), endOnFailure: true },
      );
      expect(findings.filter((finding) => finding.startsWith(label))).toEqual([]);
    });

    it('answers the web app’s routes (/, /assets/*, /@handle) and unknown paths with any method in time, without a 5xx', async () => {
      const label = 'web app';
      await runProperty(
        label,
        fc.asyncProperty(
          fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
          fc.oneof(
            fc.constantFrom(
              '/',
              '/@demo.creator',
              '/@nobody',
              '/assets/nope.js',
              '/assets/',
              '/assets',
              '/favicon.ico',
            ),
            nastyString().map((value) => `/assets/${percentEncode(value).slice(0, 2000)}`),
            nastyString().map((value) => `/@${percentEncode(value).slice(0, 2000)}`),
            fc.constantFrom(
              '/assets/%',
              '/assets/%zz',
              '/assets/..%2f..%2fpackage.json',
              '/%2e%2e/',
              '/@%00',
              '/api',
              '/api/nope',
              '/health',
              '/metrics',
            ),
          ),
          fc.option(fc.uint8Array({ maxLength: 64 }), { nil: undefined }),
          fc.dictionary(
            fc.constantFrom('range', 'if-none-match', 'if-modified-since', 'accept', 'accept-encoding'),
            headerValue,
            { maxKeys: 2 },
          ),
          async (method, routePath, bytes, extra) => {
            const request: RawRequest = {
              method,
              path: routePath,
              headers: extra,
              body: bytes && method !== 'GET' && method !== 'HEAD' ? Buffer.from(bytes) : undefined,
            };
            const response = await send(cluster.gatewayUrl, request, ANSWER_WITHIN_MS);
            const ok = expectAnswered(label, request, response);
            if (method !== 'GET' && method !== 'HEAD' && routePath.startsWith('/assets'))
              return (
                ok &&
                check(
                  `${label}: ${method} on an asset is 404/405`,
                  // 431: a head over Node's limit is refused before any route is chosen.
                  [404, 405, 431].includes(response.status),
                  () => `${method} ${routePath} → ${response.status}`,
                )
              );
            return ok;
          },
        ),
        { seed, numRuns, endOnFailure: true },
      );
      expect(findings.filter((finding) => finding.startsWith(label))).toEqual([]);
    });
  });

  describe('NATS', () => {
    const codec = { encode: (value: unknown) => new TextEncoder().encode(JSON.stringify(value)) };
    const requestSubjects = Object.values(Subjects);

    /** The JSON Schema of a subject's request, to shape generated payloads like it. */
    const requestShape = (subject: string): JsonSchema | undefined => {
      const schema = contractFor(subject)?.request;
      return schema
        ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
        : undefined;
    };

    /** Sends one request and returns the decoded reply packet, or why there was none. */
    const ask = async (
      subject: string,
      data: Uint8Array,
      withHeaders = false,
    ): Promise<{ packet?: { id?: unknown; err?: unknown; response?: unknown }; problem?: string }> => {
      const started = Date.now();
      try {
        const reply = await nats.request(`${prefix}${subject}`, data, {
          timeout: NATS_ANSWER_WITHIN_MS,
          ...(withHeaders ? { headers: garbageHeaders() } : {}),
        });
        try {
          return { packet: JSON.parse(new TextDecoder().decode(reply.data)) };
        } catch {
          return { problem: `reply is not JSON: ${new TextDecoder().decode(reply.data).slice(0, 200)}` };
        }
      } catch (error) {
        return {
          problem: `no reply within ${NATS_ANSWER_WITHIN_MS} ms (${Date.now() - started} ms): ${(error as Error).message}`,
        };
      }
    };
    const garbageHeaders = () => {
      const h = natsHeaders();
      h.set('x-request-id', 'x'.repeat(5000));
      return h;
    };

    /** A typed error that is not INTERNAL, as a caller would get for its own mistake. */
    const isTypedRefusal = (packet: { err?: unknown } | undefined): boolean => {
      const err = packet?.err as { code?: unknown; message?: unknown } | undefined;
      return (
        typeof err === 'object' &&
        err !== null &&
        typeof err.code === 'string' &&
        err.code !== ErrorCode.Internal &&
        typeof err.message === 'string'
      );
    };

    it.each(requestSubjects.map((subject) => [subject]))(
      '%s refuses generated payloads that fail its schema with a typed error, in time',
      async (subject) => {
        const label = `NATS ${subject}`;
        const schema = contractFor(subject)!.request;
        await runProperty(
          label,
          fc.asyncProperty(
            bodyFor(requestShape(subject), known).filter(
              // Over NATS's payload limit the client refuses to send it at all.
              (data) =>
                !accepts(schema, asSent(data)) && Buffer.byteLength(JSON.stringify(data) ?? '') < 900_000,
            ),
            fc.boolean(),
            async (data, withHeaders) => {
              const id = randomUUID();
              const { packet, problem } = await ask(
                subject,
                codec.encode({ pattern: subject, data, id }),
                withHeaders,
              );
              return (
                check(
                  `${label}: answered`,
                  !problem,
                  () => `${JSON.stringify(data)?.slice(0, 300)}: ${problem}`,
                ) &&
                check(
                  `${label}: typed refusal`,
                  isTypedRefusal(packet) && packet!.id === id,
                  () => `${JSON.stringify(data)?.slice(0, 300)} → ${JSON.stringify(packet).slice(0, 300)}`,
                )
              );
            },
          ),
          { seed, numRuns: Math.ceil(numRuns / 5), endOnFailure: true },
        );
        expect(findings.filter((finding) => finding.startsWith(label))).toEqual([]);
      },
    );

    it('refuses malformed envelopes (not JSON, no id, odd ids, wrong shapes) on every subject with a typed error', async () => {
      const label = 'NATS envelope';
      const validExample = (subject: string): unknown =>
        subject === Subjects.IdentityGuestCreate
          ? { creatorId: 'default' }
          : { name: 'bypassSubscriptions', environment: 'development' };
      const envelope = (subject: string) =>
        fc.oneof(
          fc.uint8Array({ maxLength: 64 }),
          fc
            .constantFrom('', 'not json', '{', 'null', '[]', '"x"', '42', 'true')
            .map((text) => new TextEncoder().encode(text)),
          // Valid data, no id: must not run the handler as if it were an event.
          fc.constant(codec.encode({ pattern: subject, data: validExample(subject) })),
          fc.constant(codec.encode({ data: validExample(subject) })),
          fc.constant(codec.encode({})),
          fc
            .constantFrom<unknown>(null, 42, '', {}, [], true)
            .map((id) => codec.encode({ pattern: subject, data: validExample(subject), id })),
          fc.constant(codec.encode({ pattern: subject, id: randomUUID() })),
          deepNesting.map((data) => codec.encode({ pattern: subject, data, id: randomUUID() })),
          deeplyNestedJson.map((data) =>
            new TextEncoder().encode(`{"pattern":"${subject}","data":${data},"id":"${randomUUID()}"}`),
          ),
          fc.constant(codec.encode([{ pattern: subject, data: {}, id: randomUUID() }])),
          fc.constant(new TextEncoder().encode(`{"pattern":"${subject}","data":{"a":"\\ud800"},"id":"x"}`)),
        );
      await runProperty(
        label,
        fc.asyncProperty(
          fc
            .constantFrom(...requestSubjects)
            .chain((subject) => fc.tuple(fc.constant(subject), envelope(subject))),
          async ([subject, bytes]) => {
            const { packet, problem } = await ask(subject, bytes);
            const shown = () =>
              `${subject} ${new TextDecoder().decode(bytes).slice(0, 200)} → ${problem ?? JSON.stringify(packet).slice(0, 300)}`;
            return (
              check(`${label}: answered`, !problem, shown) &&
              check(`${label}: typed refusal`, isTypedRefusal(packet), shown)
            );
          },
        ),
        { seed, numRuns, endOnFailure: true },
      );
      expect(findings.filter((finding) => finding.startsWith(label))).toEqual([]);
    });

    it('survives bad events and fire-and-forget messages on every subject', async () => {
      const label = 'NATS events';
      const subjects = [...Object.values(Events), ...requestSubjects];
      await runProperty(
        label,
        fc.asyncProperty(
          fc.constantFrom(...subjects),
          fc.oneof(
            fc.uint8Array({ maxLength: 64 }),
            fc.jsonValue({ maxDepth: 3 }).map((data) => codec.encode(data)),
            fc.constant(
              codec.encode({ pattern: Subjects.IdentityGuestCreate, data: { creatorId: 'default' } }),
            ),
          ),
          async (subject, bytes) => {
            // A well-formed event is not bad input; anything else is.
            const schema = (eventContracts as Record<string, z.ZodType>)[subject];
            const decoded = (() => {
              try {
                return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
              } catch {
                return undefined;
              }
            })();
            if (schema && accepts(schema, (decoded as { data?: unknown } | undefined)?.data)) return;
            nats.publish(`${prefix}${subject}`, bytes);
          },
        ),
        { seed, numRuns },
      );
      await nats.flush();
      // Every service still answers afterwards.
      await waitFor(
        async () => ((await fetch(`${cluster.gatewayUrl}/api/health`)).status === 200 ? true : undefined),
        { timeoutMs: 15_000, what: 'every service still up' },
      );
    });
  });

  /** Fixed cases for what earlier runs found, so they are checked on every run whatever the seed. */
  describe('what earlier runs found', () => {
    const raw = (text: string) => new TextEncoder().encode(text);
    const askRaw = async (subject: string, bytes: Uint8Array) => {
      const reply = await nats.request(`${prefix}${subject}`, bytes, { timeout: NATS_ANSWER_WITHIN_MS });
      return JSON.parse(new TextDecoder().decode(reply.data)) as { id?: string; err?: { code: string } };
    };

    it.each([
      ['no id', `{"pattern":"${Subjects.IdentityGuestCreate}","data":{"creatorId":"default"}}`],
      ['not Nest’s packet shape', '{}'],
      [
        'a numeric id',
        `{"pattern":"${Subjects.IdentityGuestCreate}","data":{"creatorId":"default"},"id":42}`,
      ],
      ['an empty id', `{"pattern":"${Subjects.IdentityGuestCreate}","data":{"creatorId":"default"},"id":""}`],
      [
        'a JSON array',
        `[{"pattern":"${Subjects.IdentityGuestCreate}","data":{"creatorId":"default"},"id":"x"}]`,
      ],
      ['JSON null', 'null'],
      ['not JSON', '{"pattern":'],
    ])('a NATS request with %s is refused with VALIDATION_FAILED and creates no guest', async (_, text) => {
      const packet = await askRaw(Subjects.IdentityGuestCreate, raw(text));
      expect(packet.err).toMatchObject({ code: ErrorCode.ValidationFailed, service: 'identity' });
    });

    it('a request packet published without a reply subject runs no handler (checked by the snapshot below)', async () => {
      nats.publish(
        `${prefix}${Subjects.IdentityGuestCreate}`,
        raw(
          `{"pattern":"${Subjects.IdentityGuestCreate}","data":{"creatorId":"default"},"id":"${randomUUID()}"}`,
        ),
      );
      nats.publish(`${prefix}${Subjects.IdentityGuestCreate}`, raw(`{"data":{"creatorId":"default"}}`));
      await nats.flush();
    });

    it.each([
      ['application/x-www-form-urlencoded', 'creatorId=default'],
      ['text/plain', '{}'],
      ['application/json;;;', '{}'],
      ['application/json; charset="', '{}'],
    ])('refuses a guest creation sent as %s with 415 (and creates no guest)', async (contentType, body) => {
      const response = await send(
        cluster.gatewayUrl,
        {
          method: 'POST',
          path: '/api/auth/guest',
          headers: { 'content-type': contentType },
          body: Buffer.from(body),
        },
        ANSWER_WITHIN_MS,
      );
      expect([response.status, JSON.parse(response.text).code]).toEqual([
        415,
        ErrorCode.UnsupportedMediaType,
      ]);
    });

    it('answers a request head over Node’s limit with 431', async () => {
      const response = await send(
        cluster.gatewayUrl,
        {
          method: 'POST',
          path: `/api/auth/guest?q=${'%C3%A9'.repeat(3000)}`,
          headers: { 'content-type': 'application/json' },
          body: Buffer.from('{}'),
        },
        ANSWER_WITHIN_MS,
      );
      expect(response.status).toBe(431);
    });

    it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
      '%s on a web-app asset answers 404 or 405',
      async (method) => {
        const response = await send(
          cluster.gatewayUrl,
          {
            method,
            path: '/assets/index.js',
            headers: { 'content-type': 'application/json' },
            body: Buffer.from('{}'),
          },
          ANSWER_WITHIN_MS,
        );
        expect([404, 405]).toContain(response.status);
      },
    );
  });

  it('changed nothing and spent no allowance', async () => {
    // Give anything the bad input set off (a handler run as an event, say) time to land.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await allowance()).toEqual({ canSendMessage: true, nextAvailableTime: null });
    const after = await snapshotTables(database.url);
    const changed = Object.keys({ ...before, ...after }).filter(
      (table) =>
        !PRESENCE_TABLES.has(table) && JSON.stringify(before[table]) !== JSON.stringify(after[table]),
    );
    expect(changed.map((table) => [table, before[table], after[table]])).toEqual([]);
  });

  afterAll(() => {
    if (findings.length)
      process.stdout.write(
        `bad-input findings (seed ${seed}):\n${findings.map((line) => `  ${line}`).join('\n')}\n`,
      );
  });
});
