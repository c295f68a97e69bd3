const ENTITY_TAG = /(?:W\/)?"[^"]*"/g;
const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/**
 * Whether `If-None-Match` names the current representation. RFC 9110 §13.1.2 uses the weak
 * comparison here, so `W/"x"` matches `"x"`; the header may list several tags, or be `*`.
 */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return (header.match(ENTITY_TAG) ?? []).some((tag) => opaque(tag) === opaque(etag));
}
