/**
 * A date typed into a spreadsheet by hand, e.g. 01/12/2026, read in the order the importing user's
 * language writes dates. Hebrew and Spanish write the day first; so does the portal's English, since
 * the franchise's English-speaking offices are mostly outside the United States. A date that can
 * only be read one way (13/01/2026, 01/13/2026) is read that way whatever the language.
 */
import { format, isValid, parse } from 'date-fns';
import type { MailLanguage } from '../mail/catalogue';

export const DAY_FIRST: Record<MailLanguage, boolean> = { en: true, he: true, es: true };

const TYPED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const REFERENCE = new Date(2000, 0, 1);

function read(text: string, pattern: string): string | null {
  const date = parse(text, pattern, REFERENCE);
  return isValid(date) ? format(date, 'yyyy-MM-dd') : null;
}

/** The typed date as YYYY-MM-DD; any other text as it was (the row's check then says what is wrong). */
export function typedDateAsIso(text: string, dayFirst: boolean): string {
  const match = TYPED.exec(text);
  if (!match) return text;
  const plain = `${match[1]}/${match[2]}/${match[3]}`;
  const [first, second] = dayFirst ? ['d/M/yyyy', 'M/d/yyyy'] : ['M/d/yyyy', 'd/M/yyyy'];
  return read(plain, first) ?? read(plain, second) ?? text;
}
