import { createPasswordHasher, generatePassword } from '../../domain/passwords';

test('hashes are argon2id and verify only the right password', async () => {
  const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const hash = await hasher.hash('correct horse');
  expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  expect(await hasher.verify(hash, 'correct horse')).toBe(true);
  expect(await hasher.verify(hash, 'wrong horse')).toBe(false);
  expect(await hasher.verify('not a hash', 'x')).toBe(false);
  await expect(hasher.burn('anything')).resolves.toBeUndefined();
});

test('generated passwords are long, random and free of look-alikes', () => {
  const all = Array.from({ length: 200 }, () => generatePassword());
  expect(new Set(all).size).toBe(200);
  for (const p of all) expect(p).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{14}$/);
});
