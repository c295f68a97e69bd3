import type { ReactNode } from 'react';

// Web addresses only (http and https): anything else, javascript: included, stays text.
const LINK = /https?:\/\/[^\s<>"']+/g;
// A sentence's full stop or closing bracket after an address is not part of it.
const TRAILING = /[.,;:!?)\]]+$/;

/** A message as React nodes: its text as text, its web addresses as links. Never HTML. */
export function linkify(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    const href = match[0].replace(TRAILING, '');
    if (start > last) nodes.push(text.slice(last, start));
    nodes.push(
      <a key={start} href={href} target="_blank" rel="noopener noreferrer nofollow ugc">
        {href}
      </a>,
    );
    last = start + href.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
