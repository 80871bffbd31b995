import { failureMessage, NEEDS_INTERNET } from './failureMessage';

const network = { kind: 'network', status: 0, code: 'network_error', message: 'Failed to fetch' } as const;

describe('failureMessage', () => {
  it('offline, a call that needs the server says so (unlock, sign-up, any screen)', () => {
    expect(failureMessage(network, false)).toBe('This needs the internet. Try again when you are back online.');
    expect(NEEDS_INTERNET).toBe('This needs the internet. Try again when you are back online.');
  });

  it('online, a network failure is still the Wi-Fi advice, and a server failure never sounds like either', () => {
    expect(failureMessage(network, true)).toBe('Check the Wi-Fi connection, then try again.');
    expect(failureMessage({ kind: 'server', status: 500, code: 'x', message: 'boom' }, false)).toMatch(/on our side/);
  });

  it('reads the browser when not told', () => {
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(failureMessage(network)).toBe(NEEDS_INTERNET);
    } finally {
      onLine.mockRestore();
    }
  });
});
