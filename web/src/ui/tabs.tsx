import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab<K extends string> {
  key: K;
  label: ReactNode;
}

/**
 * Tabs in the WAI-ARIA pattern: arrow keys move between them, the panel is labelled by its tab.
 * The caller holds which one is chosen (often in the URL, so a tab can be linked to).
 */
export function Tabs<K extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
}: {
  label: string;
  tabs: Tab<K>[];
  value: K;
  onChange: (key: K) => void;
  children: ReactNode;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const at = tabs.findIndex((tab) => tab.key === value);
    const next = tabs[(at + step + tabs.length) % tabs.length]!;
    onChange(next.key);
    list.current?.querySelector<HTMLButtonElement>(`[data-key="${next.key}"]`)?.focus();
  };
  return (
    <div className="tabs-wrap">
      <div className="tab-list" role="tablist" aria-label={label} ref={list} onKeyDown={move}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            data-key={tab.key}
            id={`${id}-${tab.key}`}
            aria-selected={tab.key === value}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === value ? 0 : -1}
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${value}`} className="tab-panel">
        {children}
      </div>
    </div>
  );
}
