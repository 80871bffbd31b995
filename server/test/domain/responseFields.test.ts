import { keepFields } from '../../domain/responseFields';

const page = { id: 7, title: { rendered: 'Catapult' }, metadata: { order: ['2'], hide: ['0'] }, lesson_0_gallery: [{ original: 'a.png' }] };

test('every field when none is asked', () => {
  expect(keepFields(page, undefined)).toBe(page);
  expect(keepFields(page, [])).toBe(page);
});

test('top-level names keep their whole value; names the item lacks are left out', () => {
  expect(keepFields(page, ['id', 'title', 'unlocked'])).toEqual({ id: 7, title: { rendered: 'Catapult' } });
});

test('a dotted name keeps one key; its enclosing field, asked for too, wins in either order', () => {
  expect(keepFields(page, ['metadata.order'])).toEqual({ metadata: { order: ['2'] } });
  expect(keepFields(page, ['metadata.order', 'metadata'])).toEqual({ metadata: page.metadata });
  expect(keepFields(page, ['metadata', 'metadata.order'])).toEqual({ metadata: page.metadata });
  expect(keepFields(page, ['id.deeper'])).toEqual({ id: 7 });
});
