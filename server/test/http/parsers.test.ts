import { parseFormBody } from '../../http/parsers';

test('form bodies: flat fields, PHP brackets one level deep, no prototype keys', () => {
  expect(parseFormBody('AUTH_KEY=k&user_email=a%40b.test')).toEqual({ AUTH_KEY: 'k', user_email: 'a@b.test' });
  expect(parseFormBody('meta%5Bkit_on_header_clicked%5D=1&meta[x]=2')).toEqual({ meta: { kit_on_header_clicked: '1', x: '2' } });
  const polluted = parseFormBody('__proto__[admin]=1&constructor=x&a=1');
  expect(polluted).toEqual({ a: '1' });
  expect(({} as Record<string, unknown>).admin).toBeUndefined();
});
