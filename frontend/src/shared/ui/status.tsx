import type { ReactNode } from 'react';
import { useMessages } from '../i18n/i18n';
import { statusMessages } from '../i18n/locales/en/common';
import { Button } from './button';

export function Spinner({ label }: { label?: string }) {
  const t = useMessages(statusMessages);
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="spinner__label">{label ?? t.loading}</span>
    </div>
  );
}

export function ErrorState({ title, message, onRetry }: { title?: string; message: ReactNode; onRetry?: () => void }) {
  const t = useMessages(statusMessages);
  return (
    <div className="error-state" role="alert">
      <p className="error-state__title">{title ?? t.errorTitle}</p>
      <p className="error-state__message">{message}</p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          {t.tryAgain}
        </Button>
      )}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="empty-state">{children}</p>;
}
