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

/** An element's text without people's data or CMS content in it. */
function textWithoutData(element: Element): string {
  let text = '';
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!isData(node.parentElement)) text += node.textContent ?? '';
  return text;
}

/**
 * A text node is part of a catalogue text when it is one itself, or when its element reads as one:
 * a message with a link or a name inside ("⟦I agree to the " <a>⟦terms of use⟧</a> "⟧").
 */
const fromCatalogue = (node: Node) => !readsAsText(node.textContent ?? '') || (node.parentElement !== null && !readsAsText(textWithoutData(node.parentElement)));

/** Texts (and labelling attributes) of the element that did not come from a catalogue. */
export function textsNotFromCatalogue(root: Element = document.body): string[] {
  const found: string[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (!isData(node.parentElement) && !fromCatalogue(node)) found.push(text.trim());
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
