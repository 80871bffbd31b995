/** Months as the report's wire writes them (YYYY-MM). */

export const isMonth = (value: string | null): value is string => value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** The month `delta` months after `month`. */
export function shiftMonth(month: string, delta: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month of `today` on the user's clock. */
export const monthOf = (today: Date) => `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;

/** The report opens on the last whole month. */
export const lastMonth = (today: Date = new Date()) => shiftMonth(monthOf(today), -1);

/** "November 2026", as the language writes it. */
export function monthName(month: string, language: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, mon - 1, 1)));
}
