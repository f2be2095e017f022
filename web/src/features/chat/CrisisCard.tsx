import type { ChatMessage, CrisisCare } from '../../api';
import { en } from '../../i18n/locales/en';
import { es } from '../../i18n/locales/es';
import { pt } from '../../i18n/locales/pt';
import styles from './safety.module.css';

/**
 * The card's heading and name in its language: the server's text chooses it (`care.language`), not
 * the app's language, so the card reads as one piece. The words are the i18n messages'.
 */
export const CRISIS_CARD_TEXT = { en: en.crisis, es: es.crisis, pt: pt.crisis } as const;

/** Digits a phone link can dial, from a contact such as "Call or text 988", "Llama al 024", "Ligue 188" (null when it names none). */
export function dialable(contact: string): string | null {
  const number = /(?:call|text|llama|ligue)[^0-9+]*([+\d][\d ]{1,16}\d)/i.exec(contact)?.[1];
  return number ? number.replace(/\s/g, '') : null;
}

function CrisisLines({ care }: { care: CrisisCare }) {
  return (
    <ul className={styles['crisis-lines']}>
      {care.lines.map((line) => {
        const phone = dialable(line.contact);
        return (
          <li key={line.name}>
            <strong>{line.name}</strong>
            <span>
              {phone ? <a href={`tel:${phone}`}>{line.contact}</a> : line.contact}
              {' · '}
              <a href={line.url} target="_blank" rel="noopener noreferrer">
                {new URL(line.url).host.replace(/^www\./, '')}
              </a>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The crisis card (docs/safety.md, "Crisis care"): the persona steps out of character. Its text
 * comes from the server; the lines marked "• " in it are shown as the structured list of `care`.
 */
export function CrisisCard({ message }: { message: ChatMessage }) {
  const paragraphs = message.content.split('\n');
  const firstLine = paragraphs.findIndex((paragraph) => paragraph.startsWith('• '));
  const language = message.care?.language ?? 'en';
  const text = CRISIS_CARD_TEXT[language];
  return (
    <section
      className={styles['crisis-card']}
      data-testid="chat-message"
      data-role={message.role}
      data-kind="crisis-care"
      aria-label={text.label}
      lang={language}
    >
      <h2 className={styles['crisis-card__title']}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M12 21s-7.5-4.6-9.5-9.4C1.2 8.4 3.3 5 6.7 5c2 0 3.5 1.1 4.3 2.6h2C13.8 6.1 15.3 5 17.3 5c3.4 0 5.5 3.4 4.2 6.6C19.5 16.4 12 21 12 21z"
            fill="currentColor"
          />
        </svg>
        {text.title}
      </h2>
      {paragraphs.map((paragraph, index) =>
        paragraph.startsWith('• ') ? (
          index === firstLine && message.care ? (
            <CrisisLines key="lines" care={message.care} />
          ) : null
        ) : (
          <p key={index}>{paragraph}</p>
        ),
      )}
    </section>
  );
}
