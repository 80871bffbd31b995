/**
 * A load generator on Node's own HTTP client: `connections` keep-alive loops, each sending its next
 * request when the last answer's final byte arrived. Node's native parser keeps up with answers of
 * hundreds of KB, where autocannon's JavaScript parser becomes the bottleneck on a 2-core machine
 * (it measured 240 req/s where the server serves 1,400). Bodies are read, not decoded.
 */
import http from 'node:http';

export interface LoadTarget {
  method: 'GET' | 'POST';
  /** The whole URL. */
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadRound {
  rps: number;
  p50: number;
  p99: number;
  /** Network errors and non-2xx answers. */
  errors: number;
  total: number;
  bytesPerSecond: number;
  /** Bytes of one answer's body as sent (compressed when it was), the median. */
  bytesPerAnswer: number;
  /** Answers that were not 2xx, by status ("429": 12), so a MISS says what went wrong. */
  failedStatuses: Record<string, number>;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function timedRequest(agent: http.Agent, target: LoadTarget): Promise<{ bytes: number; status: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      target.url,
      {
        method: target.method,
        agent,
        headers: { ...(target.body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(target.body)) } : {}), ...target.headers },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, status: res.statusCode ?? 0 }));
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(target.body);
  });
}

export async function loadRound(target: LoadTarget, options: { connections: number; seconds: number }): Promise<LoadRound> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const sizes: number[] = [];
  const failedStatuses: Record<string, number> = {};
  let errors = 0;
  let bytes = 0;
  const end = Date.now() + options.seconds * 1000;
  const loop = async () => {
    while (Date.now() < end) {
      const t0 = performance.now();
      try {
        const answer = await timedRequest(agent, target);
        bytes += answer.bytes;
        if (sizes.length < 1000) sizes.push(answer.bytes);
        if (answer.status < 200 || answer.status >= 300) {
          errors += 1;
          failedStatuses[answer.status] = (failedStatuses[answer.status] ?? 0) + 1;
        }
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.connections }, loop));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors,
    total: latencies.length,
    bytesPerSecond: bytes / seconds,
    bytesPerAnswer: percentile([...sizes].sort((a, b) => a - b), 50),
    failedStatuses,
  };
}
