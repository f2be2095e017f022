import fs from 'node:fs';
import path from 'node:path';
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

const boundarySchema = z.strictObject({ topic: z.string().min(1), decline: z.string().min(1) });

const casesFileSchema = z
  .strictObject({
    /** Each demo creator's boundaries, set before the run (issue 22 item 3). */
    boundaries: z.record(z.string(), z.array(boundarySchema)),
    cases: z.array(caseSchema).min(1),
  })
  .superRefine((file, context) => {
    const seen = new Set<string>();
    for (const [index, entry] of file.cases.entries()) {
      if (seen.has(entry.id))
        context.addIssue({ code: 'custom', path: ['cases', index, 'id'], message: 'repeated id' });
      seen.add(entry.id);
      if (entry.expect === 'boundary' && !file.boundaries[entry.creator]?.length)
        context.addIssue({
          code: 'custom',
          path: ['cases', index, 'creator'],
          message: `no boundaries for ${entry.creator}`,
        });
    }
  });
export type SafetyCasesFile = z.infer<typeof casesFileSchema>;

/** The evaluation set in `file`, checked: a malformed file is refused with where it is wrong. */
export function loadSafetyCases(file = SAFETY_CASES_FILE): SafetyCasesFile {
  const parsed = casesFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
