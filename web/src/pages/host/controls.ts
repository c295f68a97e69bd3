import type { ReactNode } from 'react';
import type { Draft, DraftField } from './draft';

/** One option of a select: its value and the text shown for it. */
export type Choice = readonly [value: string, text: string];

/** What a control needs to show its value, its problem and its hint to assistive technology. */
export interface Controls {
  draft: Draft;
  set: (name: keyof Draft, value: string | boolean) => void;
  control: (name: DraftField, label: string, element: ReactNode, hint?: string) => ReactNode;
  /** A select field: `blank` is a first option with no value, for a choice not made yet. */
  choice: (name: DraftField, label: string, choices: readonly Choice[], more?: { hint?: string; blank?: string; disabled?: boolean }) => ReactNode;
  attrs: (name: DraftField) => {
    id: string;
    value: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
    onChange: (event: { target: { value: string } }) => void;
  };
}
