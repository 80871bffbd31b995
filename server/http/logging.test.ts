import { redactUrl } from './logging';

test('secret query parameters are replaced in logged URLs', () => {
  expect(redactUrl('/wp-json/jwt-auth/v1/token?username=dana&password=hunter2')).toBe('/wp-json/jwt-auth/v1/token?username=dana&password=%5BREDACTED%5D');
  expect(redactUrl('/x?AUTH_KEY=abc&token=t')).not.toMatch(/abc|=t(&|$)/);
  expect(redactUrl('/plain/path')).toBe('/plain/path');
});
