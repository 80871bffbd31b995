import { act } from '@testing-library/react';
import { chosenLanguage, PSEUDO_LANGUAGE } from '../src/shared/i18n/i18n';

/**
 * The "no hard-coded English" check of a rendered screen. In the QA language every catalogue text
 * shows as ⟦text⟧; whatever is left after removing those is a text no catalogue gave, unless it is
 * people's data or CMS content (inside an element with translate="no") or only digits, spaces,
 * punctuation and symbols.
 */
export async function showQaLanguage(language: string = PSEUDO_LANGUAGE): Promise<void> {
  await act(async () => {
    chosenLanguage.set(language);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const CHECKED_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt', 'aria-description'];
const withoutCatalogueTexts = (text: string) => text.replace(/⟦[^⟦⟧]*⟧/g, '').replace(/⟦[^⟧]*⟧/g, '');
const readsAsText = (text: string) => /\p{L}/u.test(withoutCatalogueTexts(withoutCatalogueTexts(text)));
const isData = (element: Element | null) => element?.closest('[translate="no"], script, style, noscript') != null;

/** Texts (and labelling attributes) of the element that did not come from a catalogue. */
export function textsNotFromCatalogue(root: Element = document.body): string[] {
  const found: string[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (!isData(node.parentElement) && readsAsText(text)) found.push(text.trim());
  }
  for (const element of root.querySelectorAll('*')) {
    if (isData(element)) continue;
    for (const name of CHECKED_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value && readsAsText(value)) found.push(`${name}="${value}"`);
    }
  }
  return found;
}
