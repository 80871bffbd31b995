import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { encodedCopy } from '../../http/compressedBody';

const body = Buffer.from(JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ user_id: String(i), parent_email: `parent${i}@example.com` }))));

test('each encoding is compressed once per body and decodes to the same bytes', async () => {
  const br = encodedCopy(body, 'br');
  const gzip = encodedCopy(body, 'gzip');
  expect(encodedCopy(body, 'br')).toBe(br);
  expect(encodedCopy(body, 'gzip')).toBe(gzip);
  expect(brotliDecompressSync(await br).equals(body)).toBe(true);
  expect(gunzipSync(await gzip).equals(body)).toBe(true);
  expect((await br).length).toBeLessThan(body.length / 5);
});

test('another body, even with equal bytes, gets its own copy (the cache follows the object)', async () => {
  const twin = Buffer.from(body);
  expect(encodedCopy(twin, 'gzip')).not.toBe(encodedCopy(body, 'gzip'));
});
