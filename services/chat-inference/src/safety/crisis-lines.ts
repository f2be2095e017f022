/**
 * Crisis lines shown in the crisis-care card (docs/safety.md, "Crisis care"), by country
 * (ISO 3166-1 alpha-2). A maintained table: each entry names the service as it names itself,
 * how to reach it, and when it was last checked against the service's own site. Review it at
 * least every six months and whenever a service changes its number; the unit test checks the
 * table's shape, not the facts. A country that is not here gets INTERNATIONAL_LINES.
 */
interface CrisisLine {
  /** The service's own name. */
  name: string;
  /** How to reach it, as a fan would dial or text it in English, as the rest of the card (e.g. "Call or text 988"). */
  contact: string;
  /** The service's own site (https). */
  url: string;
  /** `contact` in Spanish and Portuguese, where the card may be shown in them. */
  translated?: Partial<Record<'es' | 'pt', string>>;
}

export interface CountryCrisisLines {
  /** Shown as "in <country>". */
  country: string;
  /** The country's name in Spanish (with its article where it takes one) and Portuguese (without). */
  countryIn?: Partial<Record<'es' | 'pt', string>>;
  /** The emergency number for immediate danger. */
  emergency: string;
  lines: CrisisLine[];
  /** When the entry was last checked against the services' own sites (YYYY-MM). */
  checked: string;
}

export const CRISIS_LINES: Readonly<Record<string, CountryCrisisLines>> = {
  US: {
    country: 'the United States',
    countryIn: { es: 'Estados Unidos', pt: 'Estados Unidos' },
    emergency: '911',
    lines: [
      {
        name: '988 Suicide & Crisis Lifeline',
        contact: 'Call or text 988, or chat online',
        url: 'https://988lifeline.org',
      },
    ],
    checked: '2026-11',
  },
  CA: {
    country: 'Canada',
    countryIn: { es: 'Canadá', pt: 'Canadá' },
    emergency: '911',
    lines: [{ name: '9-8-8 Suicide Crisis Helpline', contact: 'Call or text 988', url: 'https://988.ca' }],
    checked: '2026-11',
  },
  GB: {
    country: 'the United Kingdom',
    countryIn: { es: 'el Reino Unido', pt: 'Reino Unido' },
    emergency: '999',
    lines: [
      {
        name: 'Samaritans',
        contact: 'Call 116 123 (free, any time)',
        url: 'https://www.samaritans.org',
      },
    ],
    checked: '2026-11',
  },
  IE: {
    country: 'Ireland',
    countryIn: { es: 'Irlanda', pt: 'Irlanda' },
    emergency: '112 or 999',
    lines: [
      {
        name: 'Samaritans',
        contact: 'Call 116 123 (free, any time)',
        url: 'https://www.samaritans.org/ireland',
      },
    ],
    checked: '2026-11',
  },
  ES: {
    country: 'Spain',
    countryIn: { es: 'España', pt: 'Espanha' },
    emergency: '112',
    lines: [
      {
        name: 'Línea 024 de atención a la conducta suicida',
        contact: 'Call 024 (free, any time)',
        url: 'https://www.sanidad.gob.es/linea024/',
        translated: {
          es: 'Llama al 024 (gratis, a cualquier hora)',
          pt: 'Ligue 024 (grátis, a qualquer hora)',
        },
      },
    ],
    checked: '2026-11',
  },
  BR: {
    country: 'Brazil',
    countryIn: { es: 'Brasil', pt: 'Brasil' },
    emergency: '192',
    lines: [
      {
        name: 'CVV – Centro de Valorização da Vida',
        contact: 'Call 188 (free, any time) or chat online',
        url: 'https://cvv.org.br',
        translated: {
          es: 'Llama al 188 (gratis, a cualquier hora) o chatea en línea',
          pt: 'Ligue 188 (grátis, a qualquer hora) ou converse pelo chat',
        },
      },
    ],
    checked: '2026-11',
  },
  MX: {
    country: 'Mexico',
    countryIn: { es: 'México', pt: 'México' },
    emergency: '911',
    lines: [
      {
        name: 'Línea de la Vida',
        contact: 'Call 800 911 2000 (free, any time)',
        url: 'https://www.gob.mx/salud/conasama',
        translated: {
          es: 'Llama al 800 911 2000 (gratis, a cualquier hora)',
          pt: 'Ligue 800 911 2000 (grátis, a qualquer hora)',
        },
      },
    ],
    checked: '2026-11',
  },
  PT: {
    country: 'Portugal',
    countryIn: { es: 'Portugal', pt: 'Portugal' },
    emergency: '112',
    lines: [
      {
        name: 'SNS 24 – aconselhamento psicológico',
        contact: 'Call 808 24 24 24 and choose option 4',
        translated: {
          es: 'Llama al 808 24 24 24 y elige la opción 4',
          pt: 'Ligue 808 24 24 24 e escolha a opção 4',
        },
        url: 'https://www.sns24.gov.pt',
      },
      {
        name: 'SOS Voz Amiga',
        contact: 'Call 213 544 545',
        translated: { es: 'Llama al 213 544 545', pt: 'Ligue 213 544 545' },
        url: 'https://www.sosvozamiga.org',
      },
    ],
    checked: '2026-11',
  },
  AU: {
    country: 'Australia',
    countryIn: { es: 'Australia', pt: 'Austrália' },
    emergency: '000',
    lines: [
      {
        name: 'Lifeline',
        contact: 'Call 13 11 14 or text 0477 13 11 14',
        url: 'https://www.lifeline.org.au',
      },
    ],
    checked: '2026-11',
  },
  NZ: {
    country: 'New Zealand',
    countryIn: { es: 'Nueva Zelanda', pt: 'Nova Zelândia' },
    emergency: '111',
    lines: [{ name: 'Need to talk? 1737', contact: 'Call or text 1737', url: 'https://1737.org.nz' }],
    checked: '2026-11',
  },
  DE: {
    country: 'Germany',
    countryIn: { es: 'Alemania', pt: 'Alemanha' },
    emergency: '112',
    lines: [
      {
        name: 'TelefonSeelsorge',
        contact: 'Call 0800 111 0 111 or 0800 111 0 222 (free, any time)',
        url: 'https://www.telefonseelsorge.de',
      },
    ],
    checked: '2026-11',
  },
  FR: {
    country: 'France',
    countryIn: { es: 'Francia', pt: 'França' },
    emergency: '112',
    lines: [
      {
        name: '3114 – numéro national de prévention du suicide',
        contact: 'Call 3114 (free, any time)',
        url: 'https://3114.fr',
      },
    ],
    checked: '2026-11',
  },
};

/** For a fan whose country is unknown or not in the table. */
export const INTERNATIONAL_LINES: CountryCrisisLines = {
  country: 'your country',
  emergency: 'your local emergency number',
  lines: [
    {
      name: 'Find A Helpline',
      contact: 'Free, confidential helplines in over 130 countries',
      translated: {
        es: 'Líneas de ayuda gratuitas y confidenciales en más de 130 países',
        pt: 'Linhas de apoio gratuitas e confidenciais em mais de 130 países',
      },
      url: 'https://findahelpline.com',
    },
  ],
  checked: '2026-11',
};
