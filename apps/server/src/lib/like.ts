/**
 * LIKE and ILIKE patterns from text a user typed: `%`, `_` and `\` match themselves (PostgreSQL's
 * default escape character is `\`).
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Matches any text that contains `text`. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** Matches any text that starts with `text`. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}
