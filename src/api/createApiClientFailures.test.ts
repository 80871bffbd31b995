import { caught, client, wpError } from './apiClientTestKit';

describe('createApiClient: failures', () => {
  it('turns a network failure into a serializable network ApiError', async () => {
    const { api, onSessionExpired } = client(['network']);
    expect(await caught(api.getPrograms())).toMatchObject({ kind: 'network', status: 0, code: 'network_error' });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('tells a server failure from a network failure', async () => {
    const { api } = client([wpError(500, 'internal_server_error', 'There has been a critical error on this website.'), 'network', wpError(503, 'x')]);
    expect(await caught(api.getAllStudents())).toMatchObject({ kind: 'server', status: 500, code: 'internal_server_error' });
    expect(await caught(api.getAllStudents())).toMatchObject({ kind: 'network', status: 0 });
    expect((await caught(api.getPrograms())).kind).toBe('server');
  });

  it('keeps the WordPress code, message, params and Retry-After', async () => {
    const { api } = client([
      { status: 400, body: { code: 'rest_invalid_param', message: 'Invalid parameter(s): user_email', data: { status: 400, params: { user_email: 'Invalid email.' } } } },
      { ...wpError(429, 'too_many_requests', 'Slow down'), headers: { 'Retry-After': '600' } },
      { status: 502, raw: '<html>Bad gateway</html>', headers: { 'Content-Type': 'text/html' } },
      { status: 200, raw: '<html>not json</html>' },
    ]);
    expect(await caught(api.resetPassword('x'))).toEqual({
      kind: 'rejected',
      status: 400,
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): user_email',
      params: { user_email: 'Invalid email.' },
    });
    expect(await caught(api.resetPassword('x@x.test'))).toMatchObject({ kind: 'rejected', status: 429, code: 'too_many_requests', retryAfter: 600 });
    expect(await caught(api.getPrograms())).toMatchObject({ kind: 'server', status: 502, code: 'http_502' });
    expect(await caught(api.getPrograms())).toMatchObject({ kind: 'server', code: 'invalid_json' });
  });

  it('turns an unreadable record into a parse error, not a TypeError', async () => {
    const { api } = client([{ body: { nothing: true } }]);
    expect(await caught(api.login('a', 'b'))).toMatchObject({ kind: 'server', code: 'unexpected_answer' });
  });

  it('ends the session on a 401 from any call', async () => {
    const { api, onSessionExpired } = client([wpError(401, 'rest_not_logged_in')]);
    expect(await caught(api.getAllStudents())).toMatchObject({ kind: 'expired', status: 401 });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('ends the session on a 403 with a jwt_auth code, not on other 403s', async () => {
    const { api, onSessionExpired } = client([wpError(403, 'rest_forbidden'), wpError(403, 'jwt_auth_invalid_token', 'Expired token')]);
    expect((await caught(api.getAllUsers())).kind).toBe('rejected');
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect((await caught(api.getPrograms())).kind).toBe('expired');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('never treats login failures as expiry', async () => {
    const { api, onSessionExpired } = client([wpError(403, '[jwt_auth] incorrect_password', '<strong>Error:</strong> wrong'), wpError(401, 'x')]);
    expect(await caught(api.login('mia', 'nope'))).toMatchObject({ kind: 'rejected', code: '[jwt_auth] incorrect_password' });
    await caught(api.login('mia', 'nope'));
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('ends the session on any 403 from token/validate', async () => {
    const { api, onSessionExpired } = client([wpError(403, 'jwt_auth_bad_iss'), wpError(403, 'rest_forbidden')]);
    await caught(api.validateToken());
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('reports one expiry for parallel calls failing on the same token, again for a new token', async () => {
    const { api, onSessionExpired, setToken } = client(() => wpError(401, 'rest_not_logged_in'));
    await Promise.all([caught(api.getAllStudents()), caught(api.getAllUsers()), caught(api.getPrograms())]);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    setToken('another-token');
    await caught(api.getAllStudents());
    expect(onSessionExpired).toHaveBeenCalledTimes(2);
  });
});
