import { createTokenService, TOKEN_LIFETIME_SECONDS } from '../../domain/tokens';

describe('token service', () => {
  const tokens = createTokenService('a-secret-of-enough-length-for-hs256', 'https://portal.example');
  const issuedAt = new Date('2026-11-23T10:00:00Z');

  test('a token checked once is still refused once it has expired, or before it is valid', async () => {
    const token = await tokens.issue(42, issuedAt);
    expect(await tokens.verify(token, new Date(issuedAt.getTime() + 1000))).toEqual({ ok: true, userId: 42, issuedAt: issuedAt.getTime() / 1000, issuedAtMs: issuedAt.getTime(), cardSession: null });
    const later = new Date(issuedAt.getTime() + (TOKEN_LIFETIME_SECONDS + 1) * 1000);
    expect(await tokens.verify(token, later)).toEqual({ ok: false, code: 'jwt_auth_invalid_token', message: 'Expired token' });
    const earlier = new Date(issuedAt.getTime() - 60_000);
    expect(await tokens.verify(token, earlier)).toEqual({ ok: false, code: 'jwt_auth_invalid_token', message: 'Cannot handle token prior to its issue time' });
  });

  test('an edited token is refused even after the real one was checked', async () => {
    const token = await tokens.issue(7, issuedAt);
    expect((await tokens.verify(token, issuedAt)).ok).toBe(true);
    const [header, payload, signature] = token.split('.');
    const edited = `${header}.${payload}.${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    expect(await tokens.verify(edited, issuedAt)).toEqual({ ok: false, code: 'jwt_auth_invalid_token', message: 'Signature verification failed' });
  });
});
