/**
 * Reads a text/event-stream with fetch and a streaming body reader, as the app does (EventSource
 * cannot send the Authorization header). Tests wait for the event they expect, with a deadline.
 */
import type { ClassNowEvent } from '../../contract';

export interface SseConnection {
  status: number;
  headers: Headers;
  /** The body of a refused request (not a stream), parsed as JSON when it is. */
  body: unknown;
  text: string;
  events: ClassNowEvent[];
  /** Comment lines seen (heartbeats). */
  comments: number;
  ended: boolean;
  /** The first event received after the first `from` ones (by default: from now on) that matches; throws after timeoutMs. */
  next(match: (e: ClassNowEvent) => boolean, timeoutMs?: number, from?: number): Promise<ClassNowEvent>;
  close(): void;
}

export async function openSse(url: string, token?: string): Promise<SseConnection> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: abort.signal });
  const waiters = new Set<() => void>();
  const conn: SseConnection = {
    status: res.status,
    headers: res.headers,
    body: undefined,
    text: '',
    events: [],
    comments: 0,
    ended: false,
    next(match, timeoutMs = 2000, from = conn.events.length) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = conn.events.slice(from).find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          } else if (conn.ended) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error('the stream ended'));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    conn.text = await res.text();
    try {
      conn.body = JSON.parse(conn.text);
    } catch {
      conn.body = conn.text;
    }
    conn.ended = true;
    return conn;
  }
  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
          if (data) conn.events.push(JSON.parse(data) as ClassNowEvent);
          else if (block.startsWith(':')) conn.comments += 1;
          for (const w of [...waiters]) w();
        }
      }
    } catch {
      // aborted
    }
    conn.ended = true;
    for (const w of [...waiters]) w();
  })();
  return conn;
}
