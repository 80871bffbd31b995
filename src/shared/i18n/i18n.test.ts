import { readdirSync } from 'node:fs';
import path from 'node:path';
import { act } from 'react';
import { chosenLanguage, i18n, LANGUAGES, locale, PSEUDO_LANGUAGE } from './i18n';
import { count } from './count';
import { defineMessages, params } from './messages';
import he from './catalogues/he';
import es from './catalogues/es';
import { catalogueFiles } from '../../../test/catalogues/files';

const sample = defineMessages('i18nTestSample', {
  title: 'Sign in',
  greeting: params('Hi {name}'),
  students: count({ one: '{count} student', other: '{count} students' }),
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => chosenLanguage.set(undefined));

describe('languages', () => {
  it('follows the browser, falls back to English, and a chosen language wins', () => {
    expect(locale.get()).toBe('en');
    chosenLanguage.set('he');
    expect(locale.get()).toBe('he');
  });

  it('writes English texts as defined, with values and plurals as English writes numbers', () => {
    const unsubscribe = sample.listen(() => undefined);
    expect(sample.get().title).toBe('Sign in');
    expect(sample.get().greeting({ name: 'Dana' })).toBe('Hi Dana');
    expect(sample.get().students(1)).toBe('1 student');
    expect(sample.get().students(1204)).toBe('1,204 students');
    unsubscribe();
  });

  it('brackets every catalogue text in the QA language, so a text without brackets came from nowhere', async () => {
    const unsubscribe = sample.listen(() => undefined);
    await act(async () => {
      chosenLanguage.set(PSEUDO_LANGUAGE);
      await settle();
    });
    expect(sample.get().title).toBe('⟦Sign in⟧');
    expect(sample.get().greeting({ name: 'Dana' })).toBe('⟦Hi Dana⟧');
    expect(sample.get().students(2)).toBe('⟦2 students⟧');
    unsubscribe();
  });
});

/** Every namespace defined in src/**\/*.messages.ts, with its English texts. */
const english: Record<string, Record<string, unknown>> = {};
beforeAll(async () => {
  const src = path.resolve(__dirname, '../..');
  const files = (readdirSync(src, { recursive: true }) as string[]).filter((file) => file.endsWith('.messages.ts'));
  for (const file of files) await import(path.resolve(src, file));
  const { i18nTestSample: _sample, ...defined } = i18n.cache.en as unknown as Record<string, Record<string, unknown>>;
  Object.assign(english, defined);
});

const placeholders = (text: unknown): string[] => [...JSON.stringify(text).matchAll(/{(\w+)}/g)].map((match) => match[1] ?? '').sort();
const pluralForms = (value: unknown) => typeof value === 'object' && value !== null;

describe.each([
  ['he', he],
  ['es', es],
] as const)('the %s catalogue', (language, catalogue) => {
  it('translates every text of every namespace, with the same values', () => {
    const missing: string[] = [];
    const wrong: string[] = [];
    for (const [namespace, texts] of Object.entries(english)) {
      for (const [key, text] of Object.entries(texts)) {
        const translated = (catalogue[namespace] as Record<string, unknown> | undefined)?.[key];
        if (translated === undefined) missing.push(`${namespace}.${key}`);
        else if (JSON.stringify(placeholders(translated)) !== JSON.stringify([...new Set(placeholders(text))].sort()) && !pluralForms(text))
          wrong.push(`${namespace}.${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(wrong).toEqual([]);
  });

  it('keeps each text in one file only (a group spread over several files never says a key twice)', () => {
    const seen = new Map<string, number>();
    for (const file of catalogueFiles(language))
      for (const [namespace, texts] of Object.entries(file)) for (const key of Object.keys(texts)) seen.set(`${namespace}.${key}`, (seen.get(`${namespace}.${key}`) ?? 0) + 1);
    expect([...seen].filter(([, times]) => times > 1).map(([text]) => text)).toEqual([]);
  });

  it('has no text the app does not define', () => {
    const extra = Object.entries(catalogue).flatMap(([namespace, texts]) =>
      Object.keys(texts as object)
        .filter((key) => english[namespace]?.[key] === undefined)
        .map((key) => `${namespace}.${key}`),
    );
    expect(extra).toEqual([]);
  });

  it("gives every plural the forms the language's rules ask for", () => {
    const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories.filter((form) => form !== 'many');
    const short: string[] = [];
    for (const [namespace, texts] of Object.entries(english))
      for (const [key, text] of Object.entries(texts)) {
        const translated = (catalogue[namespace] as Record<string, unknown> | undefined)?.[key];
        if (pluralForms(text) && pluralForms(translated) && needed.some((form) => !(form in (translated as object)))) short.push(`${namespace}.${key}`);
      }
    expect(short).toEqual([]);
  });
});

it('offers English, Hebrew and Spanish', () => {
  expect(LANGUAGES).toEqual(['en', 'he', 'es']);
});
