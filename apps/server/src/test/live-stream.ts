import type { LiveEvent } from '@jewel/contract/commodity';
import { expect, vi } from 'vitest';
import { bearer } from './test-app.ts';

/** An open event stream read the way the web app reads it: fetch, a reader, `data:` lines. */
export interface Stream {
  events: LiveEvent[];
  comments: number;
  ended: Promise<void>;
  /** Waits for the next event after the `count` already seen. */
  next(count?: number): Promise<LiveEvent>;
  close(): void;
}

export async function openStream(base: string, token: string): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/user/events`, { headers: bearer(token), signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const stream: Stream = {
    events: [],
    comments: 0,
    ended: Promise.resolve(),
    next: (count = stream.events.length) =>
      vi.waitFor(
        () => {
          const event = stream.events[count];
          if (!event) throw new Error(`no event after ${count}: ${JSON.stringify(stream.events)}`);
          return event;
        },
        { timeout: 4000, interval: 10 },
      ),
    close: () => controller.abort(),
  };
  stream.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) stream.comments += 1;
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (data) stream.events.push(JSON.parse(data));
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by the test
    }
  })();
  return stream;
}
