/** Short confirmations ("You're in") in a polite live region, gone after a few seconds. */
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import type { Tone } from './bits';

interface Toast {
  id: number;
  text: string;
  tone: Tone;
}
type Say = (text: string, tone?: Tone) => void;
const ToastContext = createContext<Say>(() => {});

export const useToast = () => useContext(ToastContext);

let next = 1;
export function ToastProvider({ children, lifetimeMs = 5000 }: { children: ReactNode; lifetimeMs?: number }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const say = useCallback<Say>(
    (text, tone = 'neutral') => {
      const id = next++;
      setToasts((all) => [...all.slice(-2), { id, text, tone }]);
      setTimeout(() => setToasts((all) => all.filter((toast) => toast.id !== id)), lifetimeMs);
    },
    [lifetimeMs],
  );
  return (
    <ToastContext.Provider value={say}>
      {children}
      <div className="float-bottom toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <p key={toast.id} className={`toast tag-${toast.tone}`}>
            {toast.text}
          </p>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
