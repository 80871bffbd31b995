import type { ReactNode } from 'react';

/** What a message's {value} is filled with when an element (a link, a name) goes there instead. */
export const SLOT = '\u0000';

/**
 * A message with an element inside it, in the order the language puts them:
 * `slotted(t.agreeToTerms({ terms: SLOT }), <Link …>{t.termsLink}</Link>)`.
 */
export function slotted(text: string, element: ReactNode): ReactNode {
  const [before = '', after = ''] = text.split(SLOT);
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}
