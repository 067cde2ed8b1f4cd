import { PROVIDER_CANCEL_REASONS } from '@tiredash/contracts';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { useMessages } from '../../../shared/i18n/i18n';
import { trackingCancelDialogMessages, trackingCancelReasonMessages } from '../../../shared/i18n/locales/en/tracking';

export const CANCEL_REASON_MAX = 300;

function isListedReason(reason: string): reason is (typeof PROVIDER_CANCEL_REASONS)[number] {
  return (PROVIDER_CANCEL_REASONS as readonly string[]).includes(reason);
}

/** A cancel reason as shown: a listed one (sent and stored in English) in the current language, the provider's own words as typed. */
export function cancelReasonLabel(reason: string, labels = trackingCancelReasonMessages.get()): string {
  return isListedReason(reason) ? labels[reason] : reason;
}

/** The reason sent with the cancel: a listed one, or the provider's own words for 'Other'. */
export function cancelReasonOf(choice: string, other: string): { ok: true; reason: string } | { ok: false; error: string } {
  const tCancelDialog = trackingCancelDialogMessages.get();
  if (!choice) return { ok: false, error: tCancelDialog.chooseReason };
  if (choice !== 'Other') return { ok: true, reason: choice };
  const text = other.trim();
  if (!text) return { ok: false, error: tCancelDialog.tellWhy };
  if (text.length > CANCEL_REASON_MAX) return { ok: false, error: tCancelDialog.tooLong({ max: CANCEL_REASON_MAX }) };
  return { ok: true, reason: text };
}

interface CancelJobDialogProps {
  open: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}

/** The accepted provider cancels the job with a reason the customer is shown ('Provider Canceled'). */
export function CancelJobDialog({ open, busy, error, onClose, onConfirm }: CancelJobDialogProps) {
  const tCancelDialog = useMessages(trackingCancelDialogMessages);
  const tCancelReason = useMessages(trackingCancelReasonMessages);
  const [choice, setChoice] = useState('');
  const [other, setOther] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const otherId = useId();
  const problemId = useId();

  useEffect(() => {
    if (!open) {
      setChoice('');
      setOther('');
      setProblem(null);
    }
  }, [open]);

  const confirm = () => {
    const checked = cancelReasonOf(choice, other);
    if (!checked.ok) return setProblem(checked.error);
    setProblem(null);
    onConfirm(checked.reason);
  };

  return (
    <Dialog
      open={open}
      title={tCancelDialog.title}
      description={tCancelDialog.description}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {tCancelDialog.keep}
          </Button>
          <Button variant="destructive" onClick={confirm} busy={busy}>
            {tCancelDialog.confirm}
          </Button>
        </>
      }
    >
      <fieldset className="form-section" aria-describedby={problem || error ? problemId : undefined}>
        <legend>{tCancelDialog.legend}</legend>
        {PROVIDER_CANCEL_REASONS.map((r) => (
          <label key={r} className="check">
            <input type="radio" name="cancel-reason" value={r} checked={choice === r} onChange={() => setChoice(r)} />
            <span>{tCancelReason[r]}</span>
          </label>
        ))}
        {choice === 'Other' && (
          <div className="field">
            <label htmlFor={otherId} className="field__label">
              {tCancelDialog.yourReason}
            </label>
            <textarea id={otherId} className="field__input" rows={3} maxLength={CANCEL_REASON_MAX} value={other} onChange={(e) => setOther(e.target.value)} />
          </div>
        )}
        {(problem || error) && (
          <p id={problemId} className="field__error" role="alert">
            {problem ?? error}
          </p>
        )}
      </fieldset>
    </Dialog>
  );
}
