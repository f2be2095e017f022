// The i18n messages' types (web/src/i18n): `t` knows English's keys, and every other language must
// have all of them. Each @ts-expect-error fails the type check if the mistake below it compiles.
import type {} from '../src/i18n/i18next';
import type { TFunction } from 'i18next';
import type { Messages } from '../src/i18n/locales/en';
import { es } from '../src/i18n/locales/es';

declare const t: TFunction;

t('landing.title');
t('discover.creators', { count: 2 });
// @ts-expect-error a key English lacks
t('landing.notAKey');
// @ts-expect-error a section English lacks
t('nowhere.title');

const { title: _title, ...landingWithoutTitle } = es.landing;
// @ts-expect-error Spanish without one of English's keys
export const missingKey: Messages = { ...es, landing: landingWithoutTitle };
// @ts-expect-error a message that is not text
export const notText: Messages = { ...es, landing: { ...es.landing, title: 3 } };
