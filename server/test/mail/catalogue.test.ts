/** Every mail text is translated into each language with the same {values}, and a locale picks its language. */
import { MAIL_CATALOGUES, mailLanguageOf, mailTexts } from '../../mail/catalogue';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test.each(['he', 'es'] as const)('%s has every English text, with the same {values}, and none left in English', (language) => {
  const { en } = MAIL_CATALOGUES;
  const translated = MAIL_CATALOGUES[language];
  expect(Object.keys(translated).sort()).toEqual(Object.keys(en).sort());
  for (const key of Object.keys(en) as (keyof typeof en)[]) {
    expect({ key, values: placeholders(translated[key]) }).toEqual({ key, values: placeholders(en[key]) });
    expect({ key, text: translated[key] }).not.toEqual({ key, text: en[key] });
  }
});

test('the first locale given that the portal has decides; anything else is English', () => {
  expect(mailLanguageOf('he_IL', 'es_ES')).toBe('he');
  expect(mailLanguageOf('', null, undefined, 'es_ES')).toBe('es');
  expect(mailLanguageOf('fr_FR', 'constructor', '__proto__')).toBe('en');
  expect(mailLanguageOf()).toBe('en');
});

test('values are put in as they are, with $ and braces', () => {
  expect(mailTexts('en')('password', { password: '$&a{b}$1' })).toBe('Password: $&a{b}$1');
  expect(mailTexts('he')('dear', { name: 'Noa' })).toBe('שלום Noa,');
});
