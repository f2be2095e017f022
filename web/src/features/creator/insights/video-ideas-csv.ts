import type { VideoIdea } from '../../../api/insights.api';

/**
 * Video ideas as CSV (RFC 4180: quoted where needed, CRLF lines). A cell that a spreadsheet would
 * read as a formula (=, +, -, @ first) is prefixed with an apostrophe (OWASP CSV injection).
 */
export function videoIdeasCsv(ideas: readonly VideoIdea[]): string {
  const rows = [
    ['Suggested title', 'Topic', 'Fans', 'Questions', 'Example questions'],
    ...ideas.map((idea) => [
      idea.title ?? '',
      idea.label,
      String(idea.fans),
      String(idea.questions),
      idea.examples.join(' | '),
    ]),
  ];
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
