/**
 * A stored photo's thumbnail: the server keeps a 400 px copy beside each photo, named with
 * `-thumb` before the extension (`/api/files/<32 hex>-thumb.jpg`).
 */
export function thumbOf(path: string): string {
  if (/-thumb\.[a-z]+$/i.test(path)) return path;
  return path.replace(/(\.[a-z0-9]+)$/i, '-thumb$1');
}
