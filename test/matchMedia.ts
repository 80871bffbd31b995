/** A window.matchMedia that matches only `matching` (for example '(max-width: 767px)'); returns the undo. */
export function matchOnly(matching: string): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: query === matching,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
