#!/usr/bin/env node
// Summarises a V8 .cpuprofile (node --cpu-prof): busy time by package (self time) and the
// functions with the most inclusive time, as Markdown tables.
//
//   node services/system-tests/bench/chat/summarize-cpuprofile.mjs <file.cpuprofile> [--top 25] [--match regexp]
//
// --match keeps only functions whose "name file" matches (e.g. 'chat-inference|langchain|openai').
import fs from 'node:fs';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: summarize-cpuprofile.mjs <file.cpuprofile> [--top 25] [--match regexp]\n');
  process.exit(2);
}
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
};
const top = Number(arg('top', '25'));
const match = arg('match') ? new RegExp(arg('match')) : undefined;

const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const packageOf = (url) => {
  if (!url) return '(native / V8)';
  const modules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (modules) return modules.at(-1).replace('node_modules/', '');
  if (url.startsWith('node:')) return 'node: (core)';
  const own = url.match(/\/(services\/[^/]+(?:\/[^/]+)?|proto)\/dist\//);
  if (own) return `backtalk ${own[1]}`;
  return url;
};
const special = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);
const keyOf = (node) => {
  const frame = node.callFrame;
  if (special.has(frame.functionName)) return frame.functionName;
  const where = frame.url
    ? `${packageOf(frame.url)} ${frame.url.split('/').at(-1)}:${frame.lineNumber + 1}`
    : '(native)';
  return `${frame.functionName || '(anonymous)'} — ${where}`;
};

let total = 0;
let idle = 0;
const selfByPackage = new Map();
const inclusive = new Map();
const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);
for (let i = 0; i < profile.samples.length; i++) {
  const delta = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000; // ms
  const node = nodes.get(profile.samples[i]);
  total += delta;
  const name = node.callFrame.functionName;
  if (name === '(idle)') {
    idle += delta;
    continue;
  }
  add(selfByPackage, special.has(name) ? name : packageOf(node.callFrame.url), delta);
  const seen = new Set();
  for (let id = node.id; id !== undefined; id = parent.get(id)) {
    const key = keyOf(nodes.get(id));
    if (key === '(root)' || seen.has(key)) continue;
    seen.add(key);
    add(inclusive, key, delta);
  }
}
const busy = total - idle;
const pct = (ms) => `${((ms / busy) * 100).toFixed(1)} %`;
const rows = (map, limit, filter = () => true) =>
  [...map]
    .filter(([key]) => filter(key))
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([key, ms]) => `| ${key.replace(/\|/g, '\\|')} | ${pct(ms)} | ${(ms / 1000).toFixed(2)} |`);
process.stdout.write(
  `${file}: ${(total / 1000).toFixed(1)} s profiled, ${(busy / 1000).toFixed(1)} s busy (${((busy / total) * 100).toFixed(0)} %)\n\n` +
    `| package (self time) | share of busy | s |\n| --- | --- | --- |\n${rows(selfByPackage, top).join('\n')}\n\n` +
    `| function (inclusive time) | share of busy | s |\n| --- | --- | --- |\n${rows(inclusive, top, (key) => !match || match.test(key)).join('\n')}\n`,
);
