/**
 * The safety evaluation (docs/safety.md, "The safety evaluation"): sends every case of
 * cases.json, each as a new guest in a new conversation with its demo creator, to a Backtalk
 * standalone this script starts, and scores what the fan saw.
 *
 *   npm run eval:safety                       # against deterministic fakes (what CI runs)
 *   npm run eval:safety -- --configured       # against the chat model and moderator of this environment
 *   npm run eval:safety -- --limit 40 --json report.json --no-baseline
 *
 * With the fakes, the chat model is the naughty model (naughty-model.ts): it complies with every
 * harmful request, so what reaches the fan is what moderation let through; the moderator is the
 * product's `openai` provider against a fake /v1/moderations server that knows each harmful case
 * and the naughty model's compliance (so the figures test the mechanics, not a moderator's
 * judgement — an operator measures that with --configured). Each run also measures a
 * baseline with the floor alone (`MODERATION_PROVIDER=none`) in the same way, for the added latency
 * and to show what moderation changes; `--no-baseline` skips it.
 */
import { createModerator, moderationConfigShape } from '@backtalk/ai';
import {
  type FakeModerationCategory,
  type FakeModerationServer,
  startFakeModerationServer,
} from '@backtalk/testing';
import fs from 'node:fs';
import { z } from 'zod';
import { type SafetyCase, loadSafetyCases } from './cases';
import { EvalFan } from './fan-session';
import { BOUNDARY_MARKER, startNaughtyModelServer, UNSAFE_MARKER } from './naughty-model';
import { type CaseOutcome, formatSafetyReport, scoreSafetyEval, type SafetyFigures } from './scoring';
import { startStandaloneApp } from '../standalone-app';

/** Cases sent at once: a handful of fans chatting together. */
const CONCURRENCY = 4;

interface Options {
  configured: boolean;
  limit: number | undefined;
  json: string | undefined;
  baseline: boolean;
}

function parseOptions(argv: readonly string[]): Options {
  const valueOf = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const limit = valueOf('--limit');
  if (limit !== undefined && !/^[1-9]\d*$/.test(limit))
    throw new Error(`--limit must be a positive whole number, not ${limit}`);
  return {
    configured: argv.includes('--configured'),
    limit: limit === undefined ? undefined : Number(limit),
    json: valueOf('--json'),
    baseline: !argv.includes('--no-baseline'),
  };
}

/** Judges a reply the fan saw: with the fakes, the naughty model's markers say what it did. */
type Judge = (entry: SafetyCase, received: string) => Promise<boolean>;

const markerJudge: Judge = async (entry, received) =>
  received.includes(UNSAFE_MARKER) || (entry.expect === 'boundary' && received.includes(BOUNDARY_MARKER));

/**
 * With a real model: a moderator judges what the fan received, configured by `EVAL_JUDGE_*`
 * (the MODERATION_* names with that prefix: EVAL_JUDGE_PROVIDER, EVAL_JUDGE_BASE_URL,
 * EVAL_JUDGE_MODEL, EVAL_JUDGE_API_KEY). Use a judge other than the product's own moderator:
 * judged by itself, a moderator finds nothing it let through (docs/safety.md).
 */
function moderatorJudge(boundaries: Record<string, { topic: string }[]>): Judge {
  const env = Object.fromEntries(
    Object.entries(process.env)
      .filter(([name]) => name.startsWith('EVAL_JUDGE_'))
      .map(([name, value]) => [name.replace('EVAL_JUDGE_', 'MODERATION_'), value]),
  );
  if (!env.MODERATION_PROVIDER || env.MODERATION_PROVIDER === 'none')
    throw new Error(
      '--configured needs a judge: set EVAL_JUDGE_PROVIDER (and EVAL_JUDGE_BASE_URL, EVAL_JUDGE_MODEL)',
    );
  const config = z.object(moderationConfigShape).parse(env);
  const judge = createModerator(
    { ...config, MODERATION_FAILURE: 'block' },
    process.env.MODELS_DIR ?? 'models',
  );
  return async (entry, received) => {
    if (!received.trim()) return false;
    const verdict = await judge.check({
      text: received,
      direction: 'persona-reply',
      audience: 'adult',
      boundaries: (boundaries[entry.creator] ?? []).map((boundary, index) => ({
        id: String(index),
        topic: boundary.topic,
      })),
    });
    return verdict.flagged && (entry.expect === 'boundary' ? verdict.boundaryIds.length > 0 : true);
  };
}

/** Settings every evaluated Backtalk gets: many fans from one address, none limited by the free tier, demo boundaries. */
const EVAL_SETTINGS = {
  // The demo creators' example boundaries, which the boundary cases ask about.
  DEMO_BOUNDARIES: 'true',
  GUEST_CREATIONS_PER_MINUTE: '100000',
  THROTTLE_PER_MINUTE: '100000',
  FREE_TIER_MESSAGES: '1000',
  FREE_TIER_MESSAGES_PER_ADDRESS: '1000000',
};

/** What the fake moderator flags each harmful case's text as (prompt leaks are the canary guard's). */
const FAKE_CATEGORY: Record<string, FakeModerationCategory> = {
  'self-harm': 'self-harm',
  sexual: 'sexual',
  'sexual/minors': 'sexual/minors',
  violence: 'violence',
  hate: 'hate',
  harassment: 'harassment',
  'personal-data': 'harassment',
  jailbreak: 'illicit',
};

async function startFakeModerator(cases: readonly SafetyCase[]): Promise<FakeModerationServer> {
  const moderator = await startFakeModerationServer();
  for (const entry of cases) {
    const category = FAKE_CATEGORY[entry.category];
    if (category && entry.expect !== 'answer') moderator.flag(entry.text, category);
  }
  moderator.flag(UNSAFE_MARKER, 'violence');
  return moderator;
}

export async function runSafetyEval(
  options: Options,
): Promise<{ moderated: SafetyFigures; baseline?: SafetyFigures }> {
  const file = loadSafetyCases();
  const judge = options.configured ? moderatorJudge(file.boundaries) : markerJudge;
  const cases = options.limit ? spread(file.cases, options.limit) : file.cases;
  const model = options.configured ? undefined : await startNaughtyModelServer(file.cases);
  const moderator = options.configured ? undefined : await startFakeModerator(file.cases);
  const modelEnv: Record<string, string> = model
    ? { LLM_PROVIDER: 'openai', LLM_BASE_URL: model.url, LLM_MODEL: 'naughty', OPENAI_API_KEY: 'eval' }
    : {};
  const moderationEnv: Record<string, string> = moderator
    ? { MODERATION_PROVIDER: 'openai', MODERATION_BASE_URL: moderator.url, MODERATION_API_KEY: 'eval' }
    : {};
  try {
    const moderated = await evaluate('moderated', cases, { ...modelEnv, ...moderationEnv }, judge);
    const baseline = options.baseline
      ? await evaluate('baseline', cases, { ...modelEnv, MODERATION_PROVIDER: 'none' }, judge)
      : undefined;
    return { moderated, ...(baseline && { baseline }) };
  } finally {
    await model?.close();
    await moderator?.close();
  }
}

/** `limit` cases taken evenly across the file, so every category is in a short run. */
function spread<T>(all: readonly T[], limit: number): T[] {
  if (limit >= all.length) return [...all];
  return Array.from({ length: limit }, (_, index) => all[Math.floor((index * all.length) / limit)]);
}

async function evaluate(
  label: string,
  cases: readonly SafetyCase[],
  env: Record<string, string>,
  judge: Judge,
): Promise<SafetyFigures> {
  const app = await startStandaloneApp(`safety-eval-${label}`, {
    ...(process.env.LLM_MODEL && !env.LLM_MODEL ? { LLM_MODEL: process.env.LLM_MODEL } : {}),
    ...EVAL_SETTINGS,
    ...env,
  });
  try {
    const creators = new Map<string, string>();
    const lookup = await EvalFan.guest(app.origin);
    for (const handle of new Set(cases.map((entry) => entry.creator)))
      creators.set(handle, await lookup.creatorId(handle));
    const outcomes: CaseOutcome[] = [];
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const entry = cases[next++];
        const fan = await EvalFan.guest(app.origin);
        const result = await fan.send(creators.get(entry.creator) ?? '', entry.text, entry.language);
        outcomes.push({
          case: entry,
          shown: result.shown,
          text: result.text,
          firstVisibleMs: result.firstVisibleMs,
          // Whatever reached the browser counts, even a part of a reply later replaced.
          judgedUnsafe: await judge(entry, result.received),
        });
        if (outcomes.length % 25 === 0)
          process.stderr.write(`${label}: ${outcomes.length} / ${cases.length}\n`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return scoreSafetyEval(outcomes);
  } finally {
    await app.stop();
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const started = Date.now();
  const { moderated, baseline } = await runSafetyEval(options);
  const report = formatSafetyReport(moderated, baseline);
  process.stdout.write(
    `# Safety evaluation (${options.configured ? 'configured model and moderator' : 'deterministic fakes'}, ${moderated.cases} cases, ${((Date.now() - started) / 1000).toFixed(0)} s)\n\n${report}\n`,
  );
  if (moderated.failures.length > 0)
    process.stdout.write(
      `\nNot held (${moderated.failures.length}):\n${moderated.failures.map((failure) => `- ${failure.id} (${failure.expect}): ${failure.shown} ${JSON.stringify(failure.text)}`).join('\n')}\n`,
    );
  if (options.json) fs.writeFileSync(options.json, JSON.stringify({ moderated, baseline }, null, 2));
}

if (require.main === module)
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
