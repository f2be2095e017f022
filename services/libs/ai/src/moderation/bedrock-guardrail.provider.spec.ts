import { guardrailCategories } from './bedrock-guardrail.provider';

type Assessments = Parameters<typeof guardrailCategories>[0];
const filter = (type: string, confidence: string, action: string): Assessments =>
  [{ contentPolicy: { filters: [{ type, confidence, action }] } }] as Assessments;

describe('reading a Bedrock guardrail assessment', () => {
  it.each<[string, Assessments, 'adult' | 'minor', string[]]>([
    ['nothing assessed', [], 'adult', []],
    ['a blocked sexual filter', filter('SEXUAL', 'HIGH', 'BLOCKED'), 'adult', ['sexual']],
    ['insults read as harassment', filter('INSULTS', 'HIGH', 'BLOCKED'), 'adult', ['harassment']],
    ['misconduct read as illicit', filter('MISCONDUCT', 'MEDIUM', 'BLOCKED'), 'adult', ['illicit']],
    ['a detected filter its strength let pass, adult', filter('VIOLENCE', 'MEDIUM', 'NONE'), 'adult', []],
    ['the same for a minor', filter('VIOLENCE', 'MEDIUM', 'NONE'), 'minor', ['violence']],
    ['low confidence, minor', filter('SEXUAL', 'LOW', 'NONE'), 'minor', []],
    ['a prompt attack (the canary guard’s)', filter('PROMPT_ATTACK', 'HIGH', 'BLOCKED'), 'adult', []],
    [
      'denied topics named like a category, or not',
      [
        {
          topicPolicy: {
            topics: [
              { name: 'Self Harm', type: 'DENY', action: 'BLOCKED' },
              { name: 'sexual_minors', type: 'DENY', action: 'BLOCKED' },
              { name: 'Investment advice', type: 'DENY', action: 'BLOCKED' },
              { name: 'hate', type: 'DENY', action: 'NONE' },
            ],
          },
        },
      ] as Assessments,
      'adult',
      ['self-harm', 'sexual/minors', 'illicit'],
    ],
    [
      'a blocked word',
      [
        {
          wordPolicy: {
            customWords: [],
            managedWordLists: [{ match: 'x', type: 'PROFANITY', action: 'BLOCKED' }],
          },
        },
      ] as Assessments,
      'adult',
      ['profanity'],
    ],
  ])('%s', (_name, assessments, audience, categories) => {
    expect(guardrailCategories(assessments, audience)).toEqual(categories);
  });
});
