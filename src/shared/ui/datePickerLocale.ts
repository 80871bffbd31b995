/**
 * react-datepicker's month and day names in the language on screen: Hebrew's and Spanish's date-fns
 * locale each download in a small chunk of their own when a date picker first needs it (never with
 * the login). Use: `<DatePicker locale={useDatePickerLocale()} … />`.
 */
import type { Locale } from 'date-fns';
import { registerLocale } from 'react-datepicker';
import { useEffect, useState } from 'react';
import { locale } from '../i18n/i18n';
import { useAtom } from '../i18n/useAtom';

const loaders: Record<string, () => Promise<Locale>> = {
  he: () => import(/* webpackChunkName: "datepicker-he" */ 'date-fns/locale/he').then((module) => module.he),
  es: () => import(/* webpackChunkName: "datepicker-es" */ 'date-fns/locale/es').then((module) => module.es),
};
const registered = new Set<string>();

/** The registered locale's name for the language on screen, or undefined (English) until it is in. */
export function useDatePickerLocale(): string | undefined {
  const code = useAtom(locale);
  const [, setLoaded] = useState(0);
  const load = loaders[code];
  useEffect(() => {
    if (!load || registered.has(code)) return;
    let current = true;
    load().then(
      (data) => {
        registerLocale(code, data);
        registered.add(code);
        if (current) setLoaded((count) => count + 1);
      },
      // Offline before the chunk was cached: English names rather than none.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [code, load]);
  return registered.has(code) ? code : undefined;
}
