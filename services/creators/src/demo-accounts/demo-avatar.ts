import { escapeXml } from './cover-image';

/** A round avatar with the creator's initials on their accent colour, made locally. */
export function renderDemoAvatar(nickName: string, accentColor: string): string {
  const initials =
    nickName
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase() ?? '')
      .join('') || '?';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><circle cx="64" cy="64" r="64" fill="${escapeXml(accentColor)}"/><text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="48" font-weight="700" fill="#fff">${escapeXml(initials)}</text></svg>`;
}
