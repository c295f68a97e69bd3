/** The tab bar's icons: simple strokes, hidden from screen readers (the label says it). */
const paths = {
  find: 'M10.5 3a7.5 7.5 0 1 0 4.6 13.4l4.7 4.7 1.4-1.4-4.7-4.7A7.5 7.5 0 0 0 10.5 3Zm0 2a5.5 5.5 0 1 1 0 11 5.5 5.5 0 0 1 0-11Z',
  games: 'M7 2v2H4v18h16V4h-3V2h-2v2H9V2H7Zm-1 8h12v10H6V10Zm0-4h12v2H6V6Z',
  host: 'M11 4v7H4v2h7v7h2v-7h7v-2h-7V4h-2Z',
  bell: 'M12 2a6 6 0 0 0-6 6v4.6L4 16v2h16v-2l-2-3.4V8a6 6 0 0 0-6-6Zm-2 18a2 2 0 0 0 4 0h-4Z',
  person: 'M12 3a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9ZM4 21c0-4 3.6-7 8-7s8 3 8 7H4Z',
  admin: 'M12 2 4 5v6c0 5 3.4 9.6 8 11 4.6-1.4 8-6 8-11V5l-8-3Z',
} as const;

export function Icon({ name }: { name: keyof typeof paths }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="currentColor" />
    </svg>
  );
}
