import type { ReactNode } from 'react';
import { Button, useConfirm, type ConfirmOptions } from '../../ui';

interface DangerButtonProps {
  /** What the dialog asks: its title, what will happen, and the confirming button's text. */
  asks: Omit<ConfirmOptions, 'danger'>;
  /** Runs only on yes. */
  onYes: () => void;
  busy?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** A destructive act's button: it asks first and acts only on yes. */
export function DangerButton({ asks, onYes, busy, disabled, children }: DangerButtonProps) {
  const ask = useConfirm();
  return (
    <Button variant="danger" busy={busy} disabled={disabled} onClick={() => void ask({ ...asks, danger: true }).then((yes) => yes && onYes())}>
      {children}
    </Button>
  );
}

/** The words of a destructive act on one person: its button, and the dialog that asks first. */
export interface PersonAct {
  button: (who: string | null) => string;
  title: string;
  body: (who: string | null) => string;
  confirm: string;
}

/** A DangerButton for an act on one person (`who`, their name), its words from `act`. */
export function PersonDangerButton({ act, who, onYes, disabled }: { act: PersonAct; who: string | null; onYes: () => void; disabled: boolean }) {
  return (
    <DangerButton asks={{ title: act.title, body: act.body(who), confirm: act.confirm }} disabled={disabled} onYes={onYes}>
      {act.button(who)}
    </DangerButton>
  );
}
