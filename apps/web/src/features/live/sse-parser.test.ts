import { describe, expect, it } from 'vitest';
import { createEventParser } from './sse-parser.ts';

describe('createEventParser', () => {
  it('joins chunks, skips heartbeats and splits events', () => {
    const seen: string[] = [];
    const parse = createEventParser((data) => seen.push(data));
    parse('data: {"type":"notification","unread":3}\n');
    expect(seen).toEqual([]);
    parse('\n: heartbeat\n\ndata: {"type":"comm');
    parse('odity","id":7,"status":20}\r');
    parse('\n\r\ndata:a\ndata:b\n\n');
    expect(seen).toEqual(['{"type":"notification","unread":3}', '{"type":"commodity","id":7,"status":20}', 'a\nb']);
  });
});
