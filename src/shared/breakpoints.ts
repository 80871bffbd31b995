/** Breakpoints of docs/spec/portal-spec.md section 9. */
export const breakpoints = {
  /** desktop 768 px and up, mobile 767 and below */
  desktopMin: 768,
  mobileMax: 767,
  /** header and gallery: desktop 801 and up, mobile 800 and below */
  headerDesktopMin: 801,
  headerMobileMax: 800,
  /** the date picker opens in a portal at 400 px or less */
  datePickerPortalMax: 400,
} as const;

export const media = {
  mobile: `@media (max-width: ${breakpoints.mobileMax}px)`,
  desktop: `@media (min-width: ${breakpoints.desktopMin}px)`,
  headerMobile: `@media (max-width: ${breakpoints.headerMobileMax}px)`,
  headerDesktop: `@media (min-width: ${breakpoints.headerDesktopMin}px)`,
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
} as const;

export const SLIDE_MENU_WIDTH_PX = 280;
