/** `/api/brand/:id/types` + `{ id: 3 }` → `/api/brand/3/types`. No zod here: the web app calls it. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
