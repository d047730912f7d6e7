/**
 * Feeds text chunks in, calls back with the `data` of each complete server-sent event.
 * Comment lines (heartbeats) and other fields are skipped; several `data:` lines join with "\n".
 */
export function createEventParser(onData: (data: string) => void) {
  let buffer = '';
  let data: string[] = [];
  return (chunk: string) => {
    buffer += chunk;
    let newline = buffer.search(/\r\n|\r|\n/);
    while (newline >= 0) {
      const line = buffer.slice(0, newline);
      const width = buffer.startsWith('\r\n', newline) ? 2 : 1;
      // A lone "\r" at the end may be the first half of "\r\n": wait for the next chunk.
      if (buffer[newline] === '\r' && width === 1 && newline === buffer.length - 1) break;
      buffer = buffer.slice(newline + width);
      if (line === '') {
        if (data.length > 0) onData(data.join('\n'));
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
      newline = buffer.search(/\r\n|\r|\n/);
    }
  };
}
