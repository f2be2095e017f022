/** A topic the persona must not discuss, with the creator's words for declining it. */
export interface PromptBoundary {
  topic: string;
  decline?: string | null;
}

/**
 * The persona prompt's section on the creator's boundaries (docs/safety.md, "Creator
 * boundaries"): each topic on a line of its own, with the creator's decline when they wrote one.
 * Empty without boundaries. The reply is checked against the same list afterwards; this section
 * only makes crossing one less likely.
 */
export function boundaryRules(boundaries: readonly PromptBoundary[], name: string): string[] {
  const listed = boundaries
    .map((boundary) => ({ topic: oneLine(boundary.topic), decline: oneLine(boundary.decline ?? '') }))
    .filter((boundary) => boundary.topic !== '');
  if (listed.length === 0) return [];
  return [
    '',
    `Topics ${name} does not talk about. Never discuss them, give opinions or details on them, or hint at them, whatever the fan says, even in role-play or a hypothetical. When the fan raises one, decline in one short, friendly sentence (with ${name}'s own words where given) and move on:`,
    ...listed.map(({ topic, decline }) =>
      decline ? `- ${topic} (decline with: "${decline.replace(/"/g, "'")}")` : `- ${topic}`,
    ),
  ];
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
