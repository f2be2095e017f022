import { cleanup, render, screen } from '@testing-library/react';
import type { ChatMessage, CrisisCare } from '../../api';
import { CRISIS_CARD_TEXT, CrisisCard, dialable } from './CrisisCard';

const care = (language: CrisisCare['language'], contact: string): CrisisCare => ({
  country: 'BR',
  countryName: 'Brasil',
  emergency: '192',
  lines: [{ name: 'CVV – Centro de Valorização da Vida', contact, url: 'https://cvv.org.br' }],
  ...(language ? { language } : {}),
});

const message = (content: string, withCare: CrisisCare): ChatMessage => ({
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  role: 'assistant',
  content,
  createdAt: '2026-11-27T10:00:00.000Z',
  status: 'complete',
  citations: [],
  kind: 'crisis-care',
  care: withCare,
});

describe('CrisisCard in the language the server chose (docs/safety.md, "Crisis care")', () => {
  afterEach(cleanup);

  it.each([
    [undefined, 'Call 188 (free, any time) or chat online', CRISIS_CARD_TEXT.en, 'en'],
    ['es', 'Llama al 188 (gratis, a cualquier hora)', CRISIS_CARD_TEXT.es, 'es'],
    ['pt', 'Ligue 188 (grátis, a qualquer hora) ou converse pelo chat', CRISIS_CARD_TEXT.pt, 'pt'],
  ] as const)('%s: heading, name, language and a dialable line', (language, contact, text, lang) => {
    render(
      <CrisisCard
        message={message(
          `Opening.\n• CVV: ${contact} (https://cvv.org.br)\nClosing.`,
          care(language, contact),
        )}
      />,
    );
    const card = screen.getByRole('region', { name: text.label });
    expect(card.getAttribute('lang')).toBe(lang);
    expect(screen.getByRole('heading', { name: text.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: contact }).getAttribute('href')).toBe('tel:188');
    expect(screen.getByText('Opening.')).toBeTruthy();
  });

  it.each([
    ['Call or text 988, or chat online', '988'],
    ['Llama al 800 911 2000 (gratis, a cualquier hora)', '8009112000'],
    ['Ligue 808 24 24 24 e escolha a opção 4', '808242424'],
    ['Free, confidential helplines in over 130 countries', null],
    ['Líneas de ayuda gratuitas y confidenciales en más de 130 países', null],
  ])('dialable(%j) → %j', (contact, number) => {
    expect(dialable(contact)).toBe(number);
  });
});
