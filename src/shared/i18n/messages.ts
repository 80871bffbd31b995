/**
 * What a `*.messages.ts` file needs: `defineMessages('namespace', { key: 'English text' })`, with
 * `params('Hi {name}')` for values and `count({ one: '{count} student', other: '{count} students' })`
 * for plurals (`count(params({...}))` for both: `t.key(n)({ name })`). A component reads its texts with
 * `useMessages(messages)`; sagas and other code outside React with `messages.get()`.
 */
import { strings, transform, type count as countOfLibrary, type CountInput } from '@nanostores/i18n';
import { useAtom } from './useAtom';
import { i18n, PSEUDO_LANGUAGE } from './i18n';

export { params } from '@nanostores/i18n';
export const defineMessages = i18n;
export const useMessages = useAtom;

const intlLocale = (code: string) => (code === PSEUDO_LANGUAGE ? 'en' : code);

/** The library's count, with {count} written as the language writes numbers (1,204; 1.204). */
export const count = transform((code: string, translation: CountInput, amount: number) => {
  const forms = translation as Record<string, string>;
  const rule = new Intl.PluralRules(intlLocale(code)).select(amount);
  const form = rule in forms ? rule : 'other' in forms ? 'other' : 'many';
  const written = new Intl.NumberFormat(intlLocale(code)).format(amount);
  return strings(forms[form] ?? '', (text) => text.replace(/{count}/g, written));
}) as unknown as typeof countOfLibrary;
