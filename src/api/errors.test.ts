import { toApiError } from './errors';

describe('toApiError', () => {
  it('keeps an ApiError and only its own fields', () => {
    const caught = { kind: 'rejected', status: 429, code: 'too_many_attempts', message: 'Slow down', retryAfter: 30, stack: 'x' };
    expect(toApiError(caught)).toEqual({ kind: 'rejected', status: 429, code: 'too_many_attempts', message: 'Slow down', retryAfter: 30 });
  });

  it('calls a chunk that would not download a network failure', () => {
    const chunk = Object.assign(new Error('Loading chunk 7 failed'), { name: 'ChunkLoadError' });
    expect(toApiError(chunk)).toMatchObject({ kind: 'network', code: 'chunk_load_error' });
  });

  it('calls anything else a fault on our side, with the code given and no raw text', () => {
    expect(toApiError(new TypeError('x is undefined'), 'export_failed')).toEqual({
      kind: 'server',
      status: 0,
      code: 'export_failed',
      message: 'The answer could not be read.',
    });
    expect(toApiError('boom').code).toBe('client_error');
  });
});
