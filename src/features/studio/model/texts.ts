/**
 * The texts a model gives per language: each tab's name and each step's text in English, and, when
 * the office gives them, in Hebrew and Spanish (contract/wire.ts CONTENT_TEXT_LANGUAGES). English is
 * the text itself; the others are kept beside it and left out when empty.
 */
import { CONTENT_TEXT_LANGUAGES, type ContentTexts } from '../../../../contract/wire';

/** The languages the editor's texts are typed in, English first. */
export const TEXT_LANGUAGES = ['en', ...CONTENT_TEXT_LANGUAGES] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/** A text and its other languages as the editor holds them. */
export interface Texts {
  english: string;
  translations: ContentTexts;
}

/** What the field of one language shows: that language's own text ('' when not given), never another's. */
export const textIn = ({ english, translations }: Texts, language: TextLanguage): string => (language === 'en' ? english : (translations[language] ?? ''));

/** The texts with one language's changed; an emptied translation is dropped (the English then shows). */
export function withText({ english, translations }: Texts, language: TextLanguage, text: string): Texts {
  if (language === 'en') return { english: text, translations };
  const next: ContentTexts = { ...translations };
  if (text.trim() === '') delete next[language];
  else next[language] = text;
  return { english, translations: next };
}

/** Only the languages given a text, trimmed (what the server is sent). */
export function givenTranslations(translations: ContentTexts | undefined): ContentTexts {
  const given: ContentTexts = {};
  for (const language of CONTENT_TEXT_LANGUAGES) {
    const text = translations?.[language]?.trim();
    if (text) given[language] = text;
  }
  return given;
}
