/**
 * Plurals in a message group: `count({ one: '{count} student', other: '{count} students' })`
 * (`count(params({...}))` for both: `t.key(n)({ name })`). A module of its own beside messages.ts:
 * the texts that count all load with their pages, so it stays out of the entry chunk.
 */
import { strings, transform, type count as countOfLibrary, type CountInput } from '@nanostores/i18n';
import { PSEUDO_LANGUAGE } from './i18n';

const intlLocale = (code: string) => (code === PSEUDO_LANGUAGE ? 'en' : code);

/** The library's count, with {count} written as the language writes numbers (1,204; 1.204). */
export const count = transform((code: string, translation: CountInput, amount: number) => {
  const forms = translation as Record<string, string>;
  const rule = new Intl.PluralRules(intlLocale(code)).select(amount);
  const form = rule in forms ? rule : 'other' in forms ? 'other' : 'many';
  const written = new Intl.NumberFormat(intlLocale(code)).format(amount);
  return strings(forms[form] ?? '', (text) => text.replace(/{count}/g, written));
}) as unknown as typeof countOfLibrary;
