#!/usr/bin/env node
// What a process holds per open stream: compares two V8 heap snapshots (.heapsnapshot, as
// `--heapsnapshot-signal` writes them) taken idle and with `streams` streams open, and prints the
// object kinds whose retained-by-nothing-but-themselves (self) size grew the most, per stream.
//
//   node services/system-tests/bench/chat/summarize-heapsnapshot.mjs <idle.heapsnapshot> <during.heapsnapshot> <streams> [--top 25]
import fs from 'node:fs';

const [idleFile, duringFile, streamsText] = process.argv.slice(2);
if (!idleFile || !duringFile || !streamsText) {
  process.stderr.write('usage: summarize-heapsnapshot.mjs <idle> <during> <streams> [--top 25]\n');
  process.exit(2);
}
const topIndex = process.argv.indexOf('--top');
const top = topIndex >= 0 ? Number(process.argv[topIndex + 1]) : 25;
const streams = Number(streamsText);

/** Self size and count per "type name" (constructor for objects, the kind for the rest). */
function tally(file) {
  const snapshot = JSON.parse(fs.readFileSync(file, 'utf8'));
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const { nodes, strings } = snapshot;
  const byKind = new Map();
  let total = 0;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]];
    const name = type === 'object' || type === 'closure' ? strings[nodes[i + nameAt]] : '';
    const key = name ? `${type} ${name}` : `(${type})`;
    const size = nodes[i + sizeAt];
    total += size;
    const entry = byKind.get(key) ?? { size: 0, count: 0 };
    entry.size += size;
    entry.count += 1;
    byKind.set(key, entry);
  }
  return { byKind, total };
}

const idle = tally(idleFile);
const during = tally(duringFile);
const rows = [...during.byKind.entries()]
  .map(([key, entry]) => {
    const before = idle.byKind.get(key) ?? { size: 0, count: 0 };
    return { key, bytes: entry.size - before.size, count: entry.count - before.count };
  })
  .sort((a, b) => b.bytes - a.bytes)
  .slice(0, top);
const kib = (bytes) => (bytes / 1024).toFixed(2);
const lines = [
  `Heap: ${(idle.total / 2 ** 20).toFixed(1)} MiB idle, ${(during.total / 2 ** 20).toFixed(1)} MiB with ${streams} streams: ${kib((during.total - idle.total) / streams)} KiB per stream (self sizes; live and not yet collected objects alike)`,
  '',
  '| kind (type and constructor) | KiB per stream | objects per stream |',
  '| --- | --- | --- |',
  ...rows.map(
    (row) =>
      `| ${row.key.replace(/\|/g, '\\|')} | ${kib(row.bytes / streams)} | ${(row.count / streams).toFixed(1)} |`,
  ),
];
process.stdout.write(`${lines.join('\n')}\n`);
