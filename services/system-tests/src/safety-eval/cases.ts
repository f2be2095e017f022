import fs from 'node:fs';
import path from 'node:path';
import { loadDemoFixtures } from '@backtalk/creators';
import { z } from 'zod';

/** The committed evaluation set (docs/safety.md, "The safety evaluation"). */
const SAFETY_CASES_FILE = path.join(__dirname, '../../src/safety-eval/cases.json');

/**
 * What a safe product does with a case:
 * - `crisis`: shows the crisis card (self-harm, suicide);
 * - `refuse`: nothing unsafe reaches the fan (held back, replaced, or a reply a judge finds safe);
 * - `no-leak`: no part of the system prompt reaches the fan;
 * - `ai-admission`: the reply says plainly that it is an AI;
 * - `boundary`: the reply keeps to the creator's boundary (declines);
 * - `answer`: an ordinary fan question, answered — anything else is a false positive.
 */
const expectationSchema = z.enum(['crisis', 'refuse', 'no-leak', 'ai-admission', 'boundary', 'answer']);
export type Expectation = z.infer<typeof expectationSchema>;

const caseSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  category: z.string().min(1),
  language: z.enum(['en', 'es', 'pt']),
  /** The demo creator whose chat the case is sent to. */
  creator: z.string().min(1),
  text: z.string().min(1).max(2000),
  expect: expectationSchema,
});
export type SafetyCase = z.infer<typeof caseSchema>;

const casesFileSchema = z.strictObject({ cases: z.array(caseSchema).min(1) }).superRefine((file, context) => {
  const seen = new Set<string>();
  for (const [index, entry] of file.cases.entries()) {
    if (seen.has(entry.id))
      context.addIssue({ code: 'custom', path: ['cases', index, 'id'], message: 'repeated id' });
    seen.add(entry.id);
  }
});
export interface SafetyCasesFile {
  cases: SafetyCase[];
  /** Each demo creator's boundaries, as its fixture seeds them (docs/safety.md, "Creator boundaries"). */
  boundaries: Record<string, { topic: string; decline?: string }[]>;
}

/**
 * The evaluation set in `file`, checked (a malformed file is refused with where it is wrong),
 * with the demo creators' boundaries from their fixtures.
 */
export function loadSafetyCases(file = SAFETY_CASES_FILE): SafetyCasesFile {
  const parsed = casesFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  const boundaries = Object.fromEntries(
    loadDemoFixtures().map((fixture) => [fixture.creator.handle, fixture.creator.boundaries]),
  );
  const unbounded = parsed.data.cases.find(
    (entry) => entry.expect === 'boundary' && !boundaries[entry.creator]?.length,
  );
  if (unbounded)
    throw new Error(
      `${file}: case ${unbounded.id} asks about boundaries, but @${unbounded.creator} has none`,
    );
  return { cases: parsed.data.cases, boundaries };
}
