import { Fragment, type ReactNode } from 'react';

/**
 * The text with a line break allowed only where `breaks` finds one (an address after its slashes, an
 * e-mail after its @ and dots): a narrow column wraps it between its parts, not inside a word.
 */
export function breakable(text: string, breaks: RegExp): ReactNode[] {
  return text.split(breaks).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/** After each slash of an address (not between the two of "//"). */
export const AFTER_SLASHES = /(?<=\/)(?!\/)/;
/** After an e-mail's @ and each of its dots. */
export const AFTER_EMAIL_PARTS = /(?<=[@.])/;
