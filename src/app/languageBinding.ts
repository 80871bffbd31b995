import type { Store } from '@reduxjs/toolkit';
import { chosenLanguage, isRightToLeft, locale, PSEUDO_LANGUAGE } from '../shared/i18n/i18n';
import type { SessionState } from '../entities/session/sessionSlice';

/**
 * The store's language (session.language) drives the catalogues, and the shown language sets the
 * page's lang and dir (right to left for Hebrew: the layout uses logical CSS properties).
 */
export function bindLanguage(store: Store<{ session: SessionState }>, root: HTMLElement = document.documentElement) {
  const apply = () => chosenLanguage.set(store.getState().session.language);
  apply();
  const unsubscribeStore = store.subscribe(apply);
  const unsubscribeLocale = locale.subscribe((code) => {
    root.lang = code === PSEUDO_LANGUAGE ? 'en' : code;
    root.dir = isRightToLeft(code) ? 'rtl' : 'ltr';
  });
  return () => {
    unsubscribeStore();
    unsubscribeLocale();
  };
}
