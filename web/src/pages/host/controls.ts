import type { ReactNode } from 'react';
import type { Draft, DraftField } from './draft';

/** What a control needs to show its value, its problem and its hint to assistive technology. */
export interface Controls {
  draft: Draft;
  set: (name: keyof Draft, value: string | boolean) => void;
  control: (name: DraftField, label: string, element: ReactNode, hint?: string) => ReactNode;
  attrs: (name: DraftField) => {
    id: string;
    value: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
    onChange: (event: { target: { value: string } }) => void;
  };
}
