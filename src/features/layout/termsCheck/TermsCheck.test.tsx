import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TermsAcceptanceState } from '../../../../contract/privacy';
import { renderRoster, rosterApi } from '../../../../test/fixtures/roster';
import { requestOverFetch } from '../../../../test/fakeApi';
import { signedInAs } from '../../../../test/renderApp';

const requests: { method: string; url: string; body: unknown }[] = [];

function serve(state: TermsAcceptanceState | null, acceptAnswer?: (version: string) => { status: number; body: unknown }) {
  requests.length = 0;
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as { version: string }) : undefined;
    // Only the terms' calls: the roster's own (its list, the progress figures) are not what this is about.
    if (String(input).includes('/me/terms')) requests.push({ method, url: String(input), body });
    const json = (status: number, value: unknown) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (state === null) return json(404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
    if (method === 'POST' && body) {
      const answer = acceptAnswer?.(body.version) ?? { status: 200, body: { ...state, acceptedVersion: body.version, acceptedAt: '2026-11-23T10:00:00.000Z' } };
      return json(answer.status, answer.body);
    }
    return json(200, state);
  });
}

afterEach(() => jest.restoreAllMocks());

const open = () => renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi({ request: requestOverFetch('token-dana') }) });

describe('terms of use acceptance (signed in)', () => {
  it('records the sign-in agreement of a user with none on record, without asking again', async () => {
    serve({ currentVersion: 'v2', acceptedVersion: null, acceptedAt: null });
    open();
    await waitFor(() => expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /wp-json/yo/v1/me/terms', 'POST /wp-json/yo/v1/me/terms']));
    expect(requests[1]?.body).toEqual({ version: 'v2' });
    await screen.findByRole('table');
    expect(screen.queryByRole('region', { name: 'The terms of use have changed' })).not.toBeInTheDocument();
  });

  it("asks again when the terms changed, with the login's checkbox and message, and stops asking once agreed", async () => {
    serve({ currentVersion: 'v2', acceptedVersion: 'v1', acceptedAt: '2026-01-01T00:00:00.000Z' });
    open();
    const panel = within(await screen.findByRole('region', { name: 'The terms of use have changed' }));
    expect(panel.getAllByRole('link', { name: 'terms of use' })[0]).toHaveAttribute('href', '/terms_of_use');
    fireEvent.click(panel.getByRole('button', { name: 'Continue' }));
    expect(panel.getByRole('alert')).toHaveTextContent(/^you must agree to the terms of use$/);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    fireEvent.click(panel.getByRole('checkbox', { name: 'I agree to the terms of use' }));
    fireEvent.click(panel.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'The terms of use have changed' })).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ version: 'v2' }]);
  });

  it('says calmly when the agreement could not be saved, and keeps asking', async () => {
    serve({ currentVersion: 'v2', acceptedVersion: 'v1', acceptedAt: null }, () => ({ status: 500, body: { code: 'internal_server_error', message: 'boom', data: { status: 500 } } }));
    open();
    const panel = within(await screen.findByRole('region', { name: 'The terms of use have changed' }));
    fireEvent.click(panel.getByRole('checkbox', { name: 'I agree to the terms of use' }));
    fireEvent.click(panel.getByRole('button', { name: 'Continue' }));
    expect(await panel.findByText(/Your agreement could not be saved\. Something went wrong on our side/)).toBeInTheDocument();
    expect(screen.queryByText(/boom/)).not.toBeInTheDocument();
  });

  it('asks nothing on a backend without the route (a plain WordPress site)', async () => {
    serve(null);
    open();
    await waitFor(() => expect(requests).toHaveLength(1));
    await screen.findByRole('table');
    expect(screen.queryByRole('region', { name: 'The terms of use have changed' })).not.toBeInTheDocument();
  });
});
