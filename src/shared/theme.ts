/**
 * The one theme: colours, type scale, spacing, radii. Friendly to children (bright brick colours
 * on the content screens), calm for the office (neutral surfaces on the tables).
 * Every text/background pair used on screen meets WCAG AA contrast (4.5:1 for body text).
 */
export const theme = {
  colors: {
    brand: '#D62718', // brick red; white text on it is 5.3:1
    brandDark: '#A81C10',
    accent: '#0B5FB4', // brick blue; links and focus
    accentDark: '#084A8C',
    sun: '#FFC627', // brick yellow; decoration only, dark text on it
    leaf: '#1E7B34', // success
    danger: '#B3261E',
    text: '#1C1B1F',
    textMuted: '#4F4B57', // 8:1 on white
    surface: '#FFFFFF',
    surfaceAlt: '#F4F6FA',
    page: '#EEF2F7',
    border: '#C9CFD8',
    focus: '#0B5FB4',
    overlay: 'rgba(16, 24, 40, 0.55)',
    skeleton: '#DDE3EA',
    dangerSurface: '#FDECEA', // danger text on it is 5.6:1
    successSurface: '#E7F4EA', // leaf text on it is 4.9:1
  },
  fonts: {
    body: "'Nunito', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif",
    heading: "'Fredoka', 'Nunito', 'Segoe UI', system-ui, -apple-system, Roboto, Arial, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  },
  /** Type scale in rem (1rem = 16px). */
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.25rem',
    xl: '1.5rem',
    xxl: '2rem',
    hero: '2.5rem',
  },
  fontWeights: { regular: 400, semibold: 600, bold: 700 },
  lineHeights: { tight: 1.2, body: 1.5 },
  /** Spacing scale in px. */
  space: [0, 4, 8, 12, 16, 24, 32, 48, 64] as const,
  radii: { sm: '4px', md: '8px', lg: '16px', pill: '999px' },
  shadows: {
    card: '0 1px 2px rgba(16,24,40,0.08), 0 2px 8px rgba(16,24,40,0.08)',
    raised: '0 4px 16px rgba(16,24,40,0.16)',
  },
  /** The one width every page's content keeps to (the header and footer line up with it). */
  pageMaxWidth: '80rem',
  /** Width of a single-card page (sign-in, password reset) and of calm state boxes. */
  narrowWidth: '32rem',
  /** Minimum touch target (px). */
  touchTarget: 44,
  zIndex: { header: 100, menu: 200, modal: 300, toast: 400 },
} as const;

export type Theme = typeof theme;

/** Spacing helper: space(2) -> '8px'. */
export const space = (step: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8): string => `${theme.space[step]}px`;
