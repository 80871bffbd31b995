import { RateLimiter } from './rateLimiter';

test('allows max events per window, then tells how long to wait, and forgets old events', () => {
  let now = 1_000_000;
  const limiter = new RateLimiter({ max: 3, windowMs: 60_000 }, () => new Date(now));
  for (let i = 0; i < 3; i += 1) {
    expect(limiter.retryAfter('k')).toBeNull();
    limiter.record('k');
    now += 1000;
  }
  expect(limiter.retryAfter('k')).toBe(57);
  expect(limiter.retryAfter('other')).toBeNull();
  now += 57_000;
  expect(limiter.retryAfter('k')).toBeNull();
  limiter.record('k');
  expect(limiter.retryAfter('k')).not.toBeNull();
  limiter.reset('k');
  expect(limiter.retryAfter('k')).toBeNull();
});
