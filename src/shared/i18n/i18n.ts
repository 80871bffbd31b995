import { createI18n, type ComponentsJSON, type TranslationsJSON } from '@nanostores/i18n';
import { atom } from 'nanostores';

/**
 * The portal's languages and message catalogues (@nanostores/i18n). English is the source: each
 * feature defines its texts with `i18n('namespace', {...})` in a `*.messages.ts` file, and those
 * English texts are the spec's, word for word. Hebrew and Spanish are JSON catalogues kept beside
 * the texts (each folder's catalogue/he.json and catalogue/es.json, by namespace; catalogues/he.ts
 * finds them all), each language one chunk downloaded only
 * when it is used. The chosen language lives in the store (session.language); src/app/languageBinding.ts
 * passes it here.
 */
export const LANGUAGES = ['en', 'he', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language's name in itself, as the language menu shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', he: 'עברית', es: 'Español' };
/**
 * A QA language, never offered in the menu: every catalogue text comes out as ⟦text⟧, so a text
 * on screen without the brackets did not come from a catalogue (e2e/journeys/catalogueTexts.e2e.ts).
 */
export const PSEUDO_LANGUAGE = 'en-XA';
const RIGHT_TO_LEFT = new Set(['he']);

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
export const isRightToLeft = (code: string) => RIGHT_TO_LEFT.has(code);

/** The language chosen in the portal, undefined to follow the browser's. */
export const chosenLanguage = atom<string | undefined>(undefined);
/** The browser's first language the portal has (he-IL → he), else English. */
function browserLanguage(): Language {
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages;
  for (const tag of preferred) {
    const base = tag.split('-')[0]?.toLowerCase();
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** The language the portal shows: the chosen one, else the browser's (a plain atom: the library's locale helpers cost the login page more). */
export const locale = atom<string>(chosenLanguage.get() ?? browserLanguage());
chosenLanguage.listen((chosen) => locale.set(chosen ?? browserLanguage()));

function importCatalogue(code: string): Promise<ComponentsJSON> {
  switch (code) {
    case 'he':
      return import(/* webpackChunkName: "locale-he" */ './catalogues/he').then((module) => module.default);
    case 'es':
      return import(/* webpackChunkName: "locale-es" */ './catalogues/es').then((module) => module.default);
    default:
      return Promise.resolve({});
  }
}

const bracketed = (value: TranslationsJSON | string): TranslationsJSON | string =>
  typeof value === 'string' ? `⟦${value}⟧` : Object.fromEntries(Object.entries(value).map(([key, text]) => [key, bracketed(text)]));

async function loadCatalogue(code: string, components: string[]): Promise<ComponentsJSON> {
  const catalogue: ComponentsJSON =
    code === PSEUDO_LANGUAGE
      ? Object.fromEntries(components.map((name) => [name, bracketed((i18n.cache.en?.[name] ?? {}) as TranslationsJSON) as TranslationsJSON]))
      : { ...(await importCatalogue(code)) };
  // A namespace the catalogue lacks shows in English rather than waiting for it forever.
  for (const name of components) catalogue[name] ??= {};
  return catalogue;
}

export const i18n = createI18n(locale, { get: loadCatalogue });

/** False while the shown language's catalogue downloads (the first render waits for it: no flash of English). */
export const catalogueReady = atom(true);

locale.subscribe((code) => {
  if (code === 'en' || code === PSEUDO_LANGUAGE || i18n.cache[code]) return;
  catalogueReady.set(false);
  loadCatalogue(code, Object.keys(i18n.cache.en ?? {})).then(
    (catalogue) => {
      i18n.cache[code] = { ...i18n.cache[code], ...catalogue } as (typeof i18n.cache)[string];
      catalogueReady.set(true);
    },
    // Offline before the language's chunk was ever cached: English rather than nothing.
    () => catalogueReady.set(true),
  );
});
