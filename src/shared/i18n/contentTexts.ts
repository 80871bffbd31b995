import { isContentTextLanguage, type ContentTexts } from '../../../contract';

/**
 * A text the office may give in several languages (a tab's name, a step's text): the one in the
 * shown language when it was given, else the English one. English and the QA language read English.
 */
export function textInLanguage(english: string, translations: ContentTexts | undefined, language: string): string {
  const own = isContentTextLanguage(language) ? translations?.[language]?.trim() : undefined;
  return own || english;
}
