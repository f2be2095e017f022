import type { ReactNode } from 'react';
import './legal.css';

export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <article className="page legal">
      <header className="legal__header">
        <h1>{title}</h1>
        <p className="legal__updated">Last updated {updated}</p>
      </header>
      {children}
    </article>
  );
}
