import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { toastMessages } from '../i18n/locales/en/common';
import { ToastContext, type ToastApi, type ToastInput, type ToastItem } from './toast-context';

const TOAST_LIFETIME_MS = 5000;
const MAX_TOASTS = 3;

/** Toasts with a title, an optional description and a destructive variant, announced to screen readers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  // Not useMessages: this provider is above the app's Suspense boundary (its labels follow once fetched).
  const messages = useStore(toastMessages);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const toast = useCallback(
    (input: ToastInput) => {
      const id = nextId.current++;
      const item: ToastItem = {
        id,
        title: input.title,
        description: input.description ?? null,
        variant: input.variant ?? 'default',
      };
      setToasts((list) => [item, ...list].slice(0, MAX_TOASTS));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_LIFETIME_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toaster" aria-label={messages.region}>
        {toasts.map((t) => (
          <div
            key={t.id}
            className={`toast toast--${t.variant}`}
            role={t.variant === 'destructive' ? 'alert' : 'status'}
            aria-live={t.variant === 'destructive' ? 'assertive' : 'polite'}
          >
            <div className="toast__body">
              <p className="toast__title">{t.title}</p>
              {t.description && <p className="toast__description">{t.description}</p>}
            </div>
            <button type="button" className="toast__close" aria-label={messages.dismiss} onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}
