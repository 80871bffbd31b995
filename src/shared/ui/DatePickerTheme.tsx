/**
 * react-datepicker in the theme's colours, fonts and sizes (its own stylesheet still loads first
 * and is overridden here): readable 16 px days with room for a finger, the brand's blue for the
 * chosen day, and the popup above the header but below dialogs.
 */
import { createGlobalStyle } from 'styled-components';
import { controlLook } from './Field';

export const DatePickerTheme = createGlobalStyle`
  .react-datepicker-wrapper {
    width: 100%;
  }
  .react-datepicker__input-container > input {
    ${controlLook}
  }
  .react-datepicker {
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.md};
    color: ${({ theme }) => theme.colors.text};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.lg};
    box-shadow: ${({ theme }) => theme.shadows.raised};
    overflow: hidden;
  }
  .react-datepicker-popper {
    z-index: ${({ theme }) => theme.zIndex.menu};
  }
  .react-datepicker__header {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    padding-top: ${({ theme }) => theme.space[3]}px;
  }
  .react-datepicker__current-month {
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    color: ${({ theme }) => theme.colors.text};
  }
  .react-datepicker__header__dropdown {
    margin: ${({ theme }) => theme.space[2]}px 0;
  }
  .react-datepicker__header__dropdown select {
    min-height: 36px;
    padding: 0 ${({ theme }) => theme.space[1]}px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
  .react-datepicker__navigation {
    top: ${({ theme }) => theme.space[2]}px;
  }
  .react-datepicker__navigation-icon::before {
    border-color: ${({ theme }) => theme.colors.accent};
  }
  /* Right to left the days run from the right: the earlier month's arrow goes there, pointing right. */
  [dir='rtl'] .react-datepicker__navigation--previous {
    left: auto;
    right: 2px;
    transform: scaleX(-1);
  }
  [dir='rtl'] .react-datepicker__navigation--next {
    right: auto;
    left: 2px;
    transform: scaleX(-1);
  }
  .react-datepicker__day-name,
  .react-datepicker__day {
    width: 2.5rem;
    line-height: 2.5rem;
    margin: 1px;
    color: ${({ theme }) => theme.colors.text};
    border-radius: ${({ theme }) => theme.radii.pill};
  }
  .react-datepicker__day-name {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  .react-datepicker__day:not([aria-disabled='true']):hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    border-radius: ${({ theme }) => theme.radii.pill};
  }
  .react-datepicker__day--outside-month {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .react-datepicker__day--today {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    box-shadow: inset 0 0 0 2px ${({ theme }) => theme.colors.sun};
  }
  .react-datepicker__day--keyboard-selected {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
  .react-datepicker__day--selected,
  .react-datepicker__day--selected:not([aria-disabled='true']):hover {
    background: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.surface};
  }
  .react-datepicker__portal {
    background: ${({ theme }) => theme.colors.overlay};
    z-index: ${({ theme }) => theme.zIndex.modal};
  }
  .react-datepicker__portal .react-datepicker__day-name,
  .react-datepicker__portal .react-datepicker__day {
    width: 2.5rem;
    line-height: 2.5rem;
  }
`;
