/**
 * Dialog and sheet on the native <dialog> element: it traps focus, closes on Escape and returns focus
 * to what opened it. A sheet is the same dialog docked to the bottom of a phone's screen.
 */
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './button';
import { Problem } from './page';
import { t } from '../i18n';

/**
 * A dialog's two buttons at its foot: the secondary one (Cancel, Not now, Clear all), then the act the
 * dialog is for, primary (or danger); with `form`, it submits that form.
 */
export interface DialogActions {
  secondary: { text: string; onClick: () => void };
  primary: { text: string; onClick?: () => void; busy?: boolean; danger?: boolean; form?: string };
}

export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  sheet = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  actions?: DialogActions;
  sheet?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={sheet ? 'dialog sheet' : 'dialog'}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="dialog-box">
        <div className="dialog-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="btn btn-ghost icon" onClick={onClose} aria-label={t.common.close}>
            ×
          </button>
        </div>
        <div className="dialog-body">{children}</div>
        {actions && <Actions {...actions} />}
      </div>
    </dialog>
  );
}

function Actions({ secondary, primary }: DialogActions) {
  return (
    <div className="dialog-foot">
      <Button onClick={secondary.onClick}>{secondary.text}</Button>
      <Button
        variant={primary.danger ? 'danger' : 'primary'}
        type={primary.form ? 'submit' : 'button'}
        form={primary.form}
        busy={primary.busy}
        onClick={primary.onClick}
      >
        {primary.text}
      </Button>
    </div>
  );
}

export function Sheet(props: Omit<Parameters<typeof Dialog>[0], 'sheet'>) {
  return <Dialog {...props} sheet />;
}

interface FormSheetProps {
  title: string;
  submitText: string;
  /** The request the form makes: busy while on its way, its problem shown under the form. */
  sending: { isPending: boolean; error: unknown };
  /** On submit: sends the form, or returns what stops it being sent, said under it until the next try. */
  onSubmit: () => string | undefined;
  onClose: () => void;
  children: ReactNode;
}

/** A sheet that is one form: Cancel closes it, the primary button (in the footer, outside the form) submits it. */
export function FormSheet({ title, submitText, sending, onSubmit, onClose, children }: FormSheetProps) {
  const id = useId();
  const [alert, setAlert] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAlert(onSubmit());
  };
  return (
    <Sheet
      open
      onClose={onClose}
      title={title}
      actions={{ secondary: { text: t.common.cancel, onClick: onClose }, primary: { text: submitText, form: id, busy: sending.isPending } }}
    >
      <form id={id} className="form" noValidate onSubmit={submit}>
        {children}
        {alert && (
          <p className="field-error" role="alert">
            {alert}
          </p>
        )}
        <Problem error={sending.error} />
      </form>
    </Sheet>
  );
}

export interface ConfirmOptions {
  title: string;
  /** What will happen, in a sentence: "Sam will lose their place and be told." */
  body: ReactNode;
  confirm: string;
  danger?: boolean;
}

type Ask = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Ask>(() => Promise.resolve(false));

/** Every destructive act asks first and says what it will do: `if (await confirm({...})) mutate()`. */
export const useConfirm = () => useContext(ConfirmContext);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [asking, setAsking] = useState<(ConfirmOptions & { answer: (yes: boolean) => void }) | undefined>();
  const ask = useCallback<Ask>((options) => new Promise((resolve) => setAsking({ ...options, answer: resolve })), []);
  const answer = (yes: boolean) => {
    asking?.answer(yes);
    setAsking(undefined);
  };
  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <Dialog
        open={!!asking}
        onClose={() => answer(false)}
        title={asking?.title ?? ''}
        actions={{
          secondary: { text: t.common.cancel, onClick: () => answer(false) },
          primary: { text: asking?.confirm ?? '', danger: asking?.danger, onClick: () => answer(true) },
        }}
      >
        {asking?.body}
      </Dialog>
    </ConfirmContext.Provider>
  );
}
