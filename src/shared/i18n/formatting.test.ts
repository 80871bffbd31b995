import { formattersFor } from './formatting';

describe('formattersFor', () => {
  afterEach(() => jest.restoreAllMocks());

  it('makes no Intl formatter until one is used, then makes it once (making one costs milliseconds at start-up)', () => {
    const dates = jest.spyOn(Intl, 'DateTimeFormat');
    const numbers = jest.spyOn(Intl, 'NumberFormat');
    const he = formattersFor('he');
    expect(dates).not.toHaveBeenCalled();
    expect(numbers).not.toHaveBeenCalled();

    const day = new Date(2026, 10, 24);
    expect(he.date(day)).toBe(new Intl.DateTimeFormat('he', { dateStyle: 'long' }).format(day));
    he.date(day);
    expect(dates).toHaveBeenCalledTimes(2); // the formatter's own, and the expectation's above
    expect(he.number(1234.5)).toBe(new Intl.NumberFormat('he').format(1234.5));
    he.number(7);
    expect(numbers).toHaveBeenCalledTimes(2);
  });

  it("English dates keep the spec's pattern and need no Intl formatter", () => {
    const dates = jest.spyOn(Intl, 'DateTimeFormat');
    expect(formattersFor('en').date(new Date(2026, 8, 1))).toBe('September 01, 2026');
    expect(dates).not.toHaveBeenCalled();
  });
});
