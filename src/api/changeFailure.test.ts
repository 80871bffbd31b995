import { changeFailureTextOf } from './changeFailure';
import type { ApiError } from './types';

const failure = (fields: Partial<ApiError>): ApiError => ({ kind: 'rejected', status: 400, code: 'x', message: 'x', ...fields });

describe('changeFailureTextOf', () => {
  it.each<[string, Partial<ApiError>, string]>([
    ['a lost connection', { kind: 'network', status: 0 }, 'failedNetwork'],
    ['a record that is gone', { status: 404 }, 'failedGone'],
    ['a change the user may not make', { status: 403 }, 'failedForbidden'],
    ["the portal's taken e-mail", { status: 409, code: 'already_exists' }, 'failedEmailTaken'],
    ["WordPress's taken e-mail", { status: 400, code: 'existing_user_email' }, 'failedEmailTaken'],
    ['too many attempts', { status: 429 }, 'failedTooMany'],
    ['a field the server refused', { status: 400, code: 'rest_invalid_param' }, 'failedInvalid'],
    ['anything else', { kind: 'server', status: 500 }, 'failedServer'],
  ])('%s shows its own text', (_case, fields, text) => {
    expect(changeFailureTextOf(failure(fields))).toBe(text);
  });
});
