// Proves that every check in api-contract.ts can fail, so that the type check passing means
// something. For each marked check it compiles variants of the fixture and of the generated
// types (in memory, through the TypeScript compiler API) and demands exactly one diagnostic:
//
// - `// @ts-expect-error [id]`, a call the document refuses:
//   - "refused": without the directive, tsc reports the expected error on the call;
//   - "allowed": with the document changed to accept the call, the directive is unused (TS2578).
// - `// [id]`, a positive control: with the document changed, the line below it fails.
//
// The unchanged fixture must compile cleanly too. Exits 1 if any check does not behave, if a
// marker has no variants here or variants have no marker, or if a document edit no longer finds
// its anchor (the document changed: update the variant). Usage: node web/type-tests/prove-failures.mjs

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.join(here, 'api-contract.ts');
const SCHEMA = path.resolve(here, '../src/api/schema.d.ts');
const UNUSED_DIRECTIVE = 2578;

// ---- edits of the generated types (schema.d.ts) -------------------------------------------------

/** The text of the `{ … }` block opened by the brace that ends `anchor` (which must be unique). */
function blockAt(text, anchor) {
  if (!anchor.endsWith('{')) throw new Error(`the anchor ${JSON.stringify(anchor)} does not end with {`);
  const start = text.indexOf(anchor);
  if (start < 0 || text.indexOf(anchor, start + 1) >= 0)
    throw new Error(
      `the generated types have ${start < 0 ? 'no' : 'more than one'} ${JSON.stringify(anchor)}`,
    );
  let depth = 0;
  for (let i = start + anchor.length - 1; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return { start, end: i + 1 };
  }
  throw new Error(`the block ${JSON.stringify(anchor)} does not close`);
}

/** Within the block opened by `anchor`, replaces the one occurrence of `from` (text or RegExp) by `to`. */
const inBlock = (anchor, from, to) => (text) => {
  const { start, end } = blockAt(text, anchor);
  const block = text.slice(start, end);
  const count = block.split(from).length - 1;
  if (count !== 1)
    throw new Error(`${JSON.stringify(anchor)} holds ${count} × ${JSON.stringify(from)}, not exactly one`);
  return text.slice(0, start) + block.replace(from, to) + text.slice(end);
};

/** Adds a route to `paths` whose `method` is `operation`. */
const addRoute = (route, method, operation) => {
  const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
  const entry =
    `    ${JSON.stringify(route)}: {\n` +
    `        parameters: { query?: never; header?: never; path?: never; cookie?: never };\n` +
    methods
      .map(
        (m) =>
          `        ${m === method ? `${m}: operations[${JSON.stringify(operation)}]` : `${m}?: never`};\n`,
      )
      .join('') +
    `    };\n`;
  return inBlock(
    'export interface paths {',
    'export interface paths {\n',
    `export interface paths {\n${entry}`,
  );
};

const op = (name) => `    ${name}: {`;
const component = (name) => `        ${name}: {`;

// ---- the checks ----------------------------------------------------------------------------------

/**
 * For a call the document refuses: the error without the directive (code and a piece of its
 * message), and the document edits that make the call acceptable. For a positive control: the
 * document edits that break it, and the error they cause.
 */
const CHECKS = {
  'unknown-route': {
    refused: { code: 2345, message: '"/api/billing/refund"' },
    allowed: [addRoute('/api/billing/refund', 'post', 'ConversationsController_open')],
  },
  'wrong-method': {
    refused: { code: 2345, message: 'PathsWithMethod<paths, "delete">' },
    allowed: [
      inBlock(
        '    "/api/conversations/{id}/messages": {',
        'delete?: never;',
        'delete: operations["ConversationsController_messages"];',
      ),
    ],
  },
  'missing-body-field': {
    refused: { code: 2322, message: "Property 'creatorId' is missing" },
    allowed: [inBlock(component('ConversationOpenBody'), 'creatorId: string;', 'creatorId?: string;')],
  },
  'wrong-body-field-type': {
    refused: { code: 2322, message: "Type 'string' is not assignable" },
    allowed: [inBlock(component('SendMessageBody'), /content: \{[^}]*\}\[\];/, 'content: string;')],
  },
  'missing-path-params': {
    refused: { code: 2554, message: 'Expected 2 arguments, but got 1' },
    allowed: [
      inBlock(
        op('CreatorsController_get'),
        'path: {\n                id: string;\n            };',
        'path?: never;',
      ),
    ],
  },
  'wrong-path-param-name': {
    refused: { code: 2353, message: "'id' does not exist" },
    allowed: [inBlock(op('CreatorsController_byHandle'), 'handle: string;', 'id: string;')],
  },
  'wrong-path-param-type': {
    refused: { code: 2322, message: "Type 'number' is not assignable to type 'string'" },
    allowed: [inBlock(op('AuthController_signOutSession'), 'id: string;', 'id: number;')],
  },
  'wrong-query-param-type': {
    refused: { code: 2322, message: "Type 'true' is not assignable" },
    allowed: [
      inBlock(op('CreatorsController_list'), 'demoAccount?: "true" | "false";', 'demoAccount?: boolean;'),
    ],
  },
  'open-conversation-reply': {
    broken: {
      code: 2345,
      edits: [inBlock(component('ConversationResponse'), 'createdAt: string;', 'openedAt: string;')],
    },
  },
  'read-messages-reply': {
    broken: {
      code: 2345,
      edits: [
        inBlock(
          op('ConversationsController_messages'),
          'components["schemas"]["MessageListResponse"]',
          'components["schemas"]["ConversationResponse"]',
        ),
      ],
    },
  },
};

// ---- compiling variants ---------------------------------------------------------------------------

const config = ts.getParsedCommandLineOfConfigFile(
  path.join(here, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  },
);
const host = ts.createCompilerHost(config.options);
const readSourceFile = host.getSourceFile.bind(host);
/** Unchanged files are parsed once and shared by every variant's program. */
const parsed = new Map();
let overrides = new Map();
host.getSourceFile = (fileName, languageVersion, onError) => {
  const file = path.resolve(fileName);
  if (overrides.has(file)) return ts.createSourceFile(fileName, overrides.get(file), languageVersion, true);
  if (!parsed.has(file)) parsed.set(file, readSourceFile(fileName, languageVersion, onError));
  return parsed.get(file);
};
const original = { [FIXTURE]: ts.sys.readFile(FIXTURE), [SCHEMA]: ts.sys.readFile(SCHEMA) };

let previous;
/** The diagnostics of the fixture project with some files' text replaced. */
function compile(replaced) {
  overrides = new Map(Object.entries(replaced));
  const program = ts.createProgram(config.fileNames, config.options, host, previous);
  previous = program;
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ({
    code: diagnostic.code,
    file: diagnostic.file ? path.resolve(diagnostic.file.fileName) : undefined,
    line: diagnostic.file ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : 0,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
  }));
}

const describe = (diagnostics) =>
  diagnostics.length === 0
    ? 'no error'
    : diagnostics
        .map(
          (d) => `${d.file ? path.relative(process.cwd(), d.file) : ''}(${d.line}) TS${d.code}: ${d.message}`,
        )
        .join('\n      ');

// ---- the proof ------------------------------------------------------------------------------------

const fixtureLines = original[FIXTURE].split('\n');
const markers = fixtureLines.flatMap((text, index) => {
  const found = /^\s*\/\/ (@ts-expect-error )?\[([a-z0-9-]+)\]/.exec(text);
  return found ? [{ id: found[2], line: index + 1, negative: Boolean(found[1]) }] : [];
});

let failures = 0;
const report = (ok, what, detail) => {
  if (!ok) failures++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok ? '' : `\n      ${detail}`}`);
};

/** Exactly one diagnostic, in the fixture, on `line`, with `code` (and `message` in its text). */
function expectOne(what, diagnostics, { line, code, message }) {
  const [only] = diagnostics;
  const ok =
    diagnostics.length === 1 &&
    only.file === FIXTURE &&
    only.line === line &&
    only.code === code &&
    (message === undefined || only.message.includes(message));
  report(
    ok,
    what,
    `expected only TS${code} on api-contract.ts line ${line}, got:\n      ${describe(diagnostics)}`,
  );
}

/**
 * Compiles a variant, the fixture with the directive on line `removeDirective` disabled or the
 * generated types with `edits` applied, and expects exactly one error.
 */
function prove(what, { removeDirective, edits = [] }, expected) {
  const replaced = {};
  if (removeDirective) {
    const lines = [...fixtureLines];
    lines[removeDirective - 1] = lines[removeDirective - 1].replace(
      '@ts-expect-error',
      '(directive removed)',
    );
    replaced[FIXTURE] = lines.join('\n');
  }
  if (edits.length) {
    try {
      replaced[SCHEMA] = edits.reduce((text, edit) => edit(text), original[SCHEMA]);
    } catch (error) {
      return report(false, what, `${error.message} (the document changed: update the variant)`);
    }
  }
  expectOne(what, compile(replaced), expected);
}

const started = Date.now();
const pristine = compile({});
report(pristine.length === 0, 'the fixture as committed compiles', describe(pristine));
if (pristine.length) {
  console.log('\nEvery variant would fail on these errors too: fix the fixture (or the document) first.');
  process.exit(1);
}

fixtureLines.forEach((text, index) => {
  if (/^\s*(\/\/|\/\*)\s*@ts-expect-error/.test(text) && !markers.some((marker) => marker.line === index + 1))
    report(
      false,
      `line ${index + 1}`,
      'holds a @ts-expect-error without a [marker], so nothing proves it can fail',
    );
});
for (const id of Object.keys(CHECKS).filter((id) => !markers.some((marker) => marker.id === id)))
  report(false, `[${id}]`, 'has variants here but no marker in api-contract.ts');
const seen = new Set();
for (const marker of markers) {
  const check = CHECKS[marker.id];
  const kind = marker.negative ? 'refused' : 'broken';
  if (seen.has(marker.id) || !check?.[kind]) {
    report(
      false,
      `[${marker.id}] (line ${marker.line})`,
      seen.has(marker.id) ? 'is marked twice' : `has no "${kind}" variants in prove-failures.mjs`,
    );
    continue;
  }
  seen.add(marker.id);
  const call = marker.line + 1;
  const name = `[${marker.id}]`;
  if (marker.negative) {
    const { refused, allowed } = check;
    const unused = `the directive is unused (TS${UNUSED_DIRECTIVE})`;
    prove(
      `${name} refused: without the directive, line ${call} fails with TS${refused.code}`,
      { removeDirective: marker.line },
      { line: call, ...refused },
    );
    prove(
      `${name} allowed: once the document accepts the call, ${unused}`,
      { edits: allowed },
      { line: marker.line, code: UNUSED_DIRECTIVE },
    );
  } else {
    const { code, edits } = check.broken;
    prove(
      `${name} broken: once the document disagrees, line ${call} fails with TS${code}`,
      { edits },
      { line: call, code },
    );
  }
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (failures) {
  console.log(
    `\n${failures} contract check(s) did not behave (${seconds} s). See web/type-tests/api-contract.ts.`,
  );
  process.exit(1);
}
console.log(`\nevery contract check in api-contract.ts can fail, and none does (${seconds} s)`);
