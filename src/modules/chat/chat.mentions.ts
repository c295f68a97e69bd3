/** Letters, digits and `_` continue a word: `@Pat` does not name "Patricia". */
const WORD_AFTER = '(?![\\p{L}\\p{N}_])';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The members a message mentions: `@` followed by a member's whole display name or its first word,
 * case-insensitive, not followed by a letter or digit (`@pat`, `@Pat Smith`, `@PAT,`). One `@Pat`
 * reaches every member whose name is, or begins with the word, Pat.
 */
export function mentioned(text: string, members: Array<{ userId: string; name: string | null | undefined }>): Set<string> {
  const found = new Set<string>();
  if (!text.includes('@')) return found;
  for (const { userId, name } of members) {
    const whole = name?.trim().replace(/\s+/g, ' ');
    if (!whole) continue;
    const first = whole.split(' ')[0]!;
    const pattern = new RegExp(`@(?:${escape(whole)}|${escape(first)})${WORD_AFTER}`, 'iu');
    if (pattern.test(text.replace(/\s+/g, ' '))) found.add(userId);
  }
  return found;
}
