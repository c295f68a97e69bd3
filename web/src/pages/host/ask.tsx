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
