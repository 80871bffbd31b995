/** Splits a text/event-stream into its events' data (comment lines, the heartbeats, are only signs of life). */
export interface SseChunk {
  /** Each complete event's `data:` (joined lines). */
  data: string[];
  /** What is left of an event not yet complete. */
  rest: string;
}

export function splitSse(buffer: string): SseChunk {
  const data: string[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const lines = block.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(line.startsWith('data: ') ? 6 : 5));
    if (lines.length > 0) data.push(lines.join('\n'));
  }
  return { data, rest };
}
