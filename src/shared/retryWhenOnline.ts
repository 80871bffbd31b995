import { useEffect } from 'react';

/**
 * While `failed`, calls `retry` once the browser says it is online again: a list that failed for
 * want of a connection loads by itself when the connection returns, without a "Try again".
 */
export function useRetryWhenOnline(failed: boolean, retry: () => void): void {
  useEffect(() => {
    if (!failed) return undefined;
    const online = () => retry();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [failed, retry]);
}
