import fc from 'fast-check';
import { student } from '../../../../test/fixtures/roster';
import { studentsListColumns } from './rosterColumns';
import { nextSort, sortRows } from './sorting';

const column = (id: string) => studentsListColumns.find((c) => c.id === id)!;

describe('sortRows', () => {
  it('sorts names case-insensitively and locale-aware, keeping ties in their original order', () => {
    const rows = [
      student(1, 'bob', 'A', { id: 1 }),
      student(1, 'Émile', 'B', { id: 2 }),
      student(1, 'Bob', 'C', { id: 3 }),
      student(1, 'alice', 'D', { id: 4 }),
      student(1, 'Zed', 'E', { id: 5 }),
    ];
    expect(sortRows(rows, column('firstName'), 'asc').map((s) => s.id)).toEqual([4, 1, 3, 2, 5]);
    // Descending reverses the order of values, but ties still keep their original order.
    expect(sortRows(rows, column('firstName'), 'desc').map((s) => s.id)).toEqual([5, 2, 1, 3, 4]);
  });

  it('sorts dates chronologically and numbers numerically; missing values last in both directions', () => {
    const rows = [
      student(1, 'a', 'a', { id: 1, startDate: '2025-01-02', numberOfLessons: 9 }),
      student(1, 'b', 'b', { id: 2, startDate: '', numberOfLessons: 100 }),
      student(1, 'c', 'c', { id: 3, startDate: '2024-12-31', numberOfLessons: 10 }),
    ];
    expect(sortRows(rows, column('startDate'), 'asc').map((s) => s.id)).toEqual([3, 1, 2]);
    expect(sortRows(rows, column('startDate'), 'desc').map((s) => s.id)).toEqual([1, 3, 2]);
    expect(sortRows(rows, column('numberOfLessons'), 'asc').map((s) => s.id)).toEqual([1, 3, 2]);
  });

  it('gives exactly the order of a stable sort that asks the collator at every comparison', () => {
    // The reference: what sortRows did before it ranked distinct values (slower, obviously right).
    const collator = new Intl.Collator(undefined, { sensitivity: 'accent', numeric: true, usage: 'sort' });
    const reference = (names: string[], direction: 'asc' | 'desc') =>
      names
        .map((name, index) => ({ name, index }))
        .sort((a, b) => {
          const aMissing = a.name.trim() === '';
          const bMissing = b.name.trim() === '';
          if (aMissing || bMissing) return aMissing === bMissing ? a.index - b.index : aMissing ? 1 : -1;
          return (direction === 'asc' ? 1 : -1) * collator.compare(a.name, b.name) || a.index - b.index;
        })
        .map(({ index }) => index + 1);
    const name = fc.oneof(fc.constantFrom('noa', 'Noa', 'NOA', 'Nóa', 'Robotics 2', 'Robotics 10', 'robotics 2', 'Zoë', 'zoe', '', '  ', 'O’Brien'), fc.string({ maxLength: 4 }));
    fc.assert(
      fc.property(fc.array(name, { maxLength: 40 }), fc.constantFrom<'asc' | 'desc'>('asc', 'desc'), (names, direction) => {
        const rows = names.map((first, i) => student(1, first, 'x', { id: i + 1 }));
        expect(sortRows(rows, column('firstName'), direction).map((s) => s.id)).toEqual(reference(names, direction));
      }),
      { numRuns: 300 },
    );
  });

  it('never mutates its input', () => {
    const rows = Object.freeze([student(1, 'b', 'b', { id: 1 }), student(1, 'a', 'a', { id: 2 })]);
    expect(sortRows(rows, column('firstName'), 'asc').map((s) => s.id)).toEqual([2, 1]);
  });
});

describe('sort toggling', () => {
  it('first click ascending, second descending, another column starts again ascending', () => {
    expect(nextSort(null, 'firstName')).toEqual({ columnId: 'firstName', direction: 'asc' });
    expect(nextSort({ columnId: 'lastName', direction: 'asc' }, 'lastName')).toEqual({ columnId: 'lastName', direction: 'desc' });
    expect(nextSort({ columnId: 'lastName', direction: 'desc' }, 'lastName')).toEqual({ columnId: 'lastName', direction: 'asc' });
    expect(nextSort({ columnId: 'lastName', direction: 'desc' }, 'firstName')).toEqual({ columnId: 'firstName', direction: 'asc' });
  });
});
