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
}

export interface CountryCrisisLines {
  /** Shown as "in <country>". */
  country: string;
  /** The emergency number for immediate danger. */
  emergency: string;
  lines: CrisisLine[];
  /** When the entry was last checked against the services' own sites (YYYY-MM). */
  checked: string;
}

export const CRISIS_LINES: Readonly<Record<string, CountryCrisisLines>> = {
  US: {
    country: 'the United States',
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
    emergency: '911',
    lines: [{ name: '9-8-8 Suicide Crisis Helpline', contact: 'Call or text 988', url: 'https://988.ca' }],
    checked: '2026-11',
  },
  GB: {
    country: 'the United Kingdom',
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
    emergency: '112',
    lines: [
      {
        name: 'Línea 024 de atención a la conducta suicida',
        contact: 'Call 024 (free, any time)',
        url: 'https://www.sanidad.gob.es/linea024/',
      },
    ],
    checked: '2026-11',
  },
  BR: {
    country: 'Brazil',
    emergency: '192',
    lines: [
      {
        name: 'CVV – Centro de Valorização da Vida',
        contact: 'Call 188 (free, any time) or chat online',
        url: 'https://cvv.org.br',
      },
    ],
    checked: '2026-11',
  },
  MX: {
    country: 'Mexico',
    emergency: '911',
    lines: [
      {
        name: 'Línea de la Vida',
        contact: 'Call 800 911 2000 (free, any time)',
        url: 'https://www.gob.mx/salud/conasama',
      },
    ],
    checked: '2026-11',
  },
  PT: {
    country: 'Portugal',
    emergency: '112',
    lines: [
      {
        name: 'SNS 24 – aconselhamento psicológico',
        contact: 'Call 808 24 24 24 and choose option 4',
        url: 'https://www.sns24.gov.pt',
      },
      {
        name: 'SOS Voz Amiga',
        contact: 'Call 213 544 545',
        url: 'https://www.sosvozamiga.org',
      },
    ],
    checked: '2026-11',
  },
  AU: {
    country: 'Australia',
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
    emergency: '111',
    lines: [{ name: 'Need to talk? 1737', contact: 'Call or text 1737', url: 'https://1737.org.nz' }],
    checked: '2026-11',
  },
  DE: {
    country: 'Germany',
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
      url: 'https://findahelpline.com',
    },
  ],
  checked: '2026-11',
};
