import { render, screen } from '@testing-library/react';
import { act } from 'react';
import DatePicker from 'react-datepicker';
import { chosenLanguage } from '../i18n/i18n';
import { useDatePickerLocale } from './datePickerLocale';

function Calendar() {
  return <DatePicker inline selected={new Date(2026, 10, 24)} onChange={() => undefined} locale={useDatePickerLocale()} />;
}

it('names the months in Hebrew and Spanish once their locale is in, and in English by default', async () => {
  render(<Calendar />);
  expect(screen.getByText(/November 2026/)).toBeInTheDocument();
  act(() => chosenLanguage.set('he'));
  expect(await screen.findByText(/נובמבר 2026/)).toBeInTheDocument();
  act(() => chosenLanguage.set('es'));
  expect(await screen.findByText(/noviembre 2026/)).toBeInTheDocument();
});
