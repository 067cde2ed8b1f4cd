import { PROVIDER_CANCEL_REASONS } from '@tiredash/contracts';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';

export const CANCEL_REASON_MAX = 300;

/** The reason sent with the cancel: a listed one, or the provider's own words for 'Other'. */
export function cancelReasonOf(choice: string, other: string): { ok: true; reason: string } | { ok: false; error: string } {
  if (!choice) return { ok: false, error: 'Please choose a reason.' };
  if (choice !== 'Other') return { ok: true, reason: choice };
  const text = other.trim();
  if (!text) return { ok: false, error: 'Please tell the customer why.' };
  if (text.length > CANCEL_REASON_MAX) return { ok: false, error: `Keep the reason under ${CANCEL_REASON_MAX} characters.` };
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
      title="Cancel this job?"
      description="The customer is told at once, with your reason, and can post the request again. Any card hold is released."
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Keep the job
          </Button>
          <Button variant="destructive" onClick={confirm} busy={busy}>
            Cancel job
          </Button>
        </>
      }
    >
      <fieldset className="form-section" aria-describedby={problem || error ? problemId : undefined}>
        <legend>Why are you canceling?</legend>
        {PROVIDER_CANCEL_REASONS.map((r) => (
          <label key={r} className="check">
            <input type="radio" name="cancel-reason" value={r} checked={choice === r} onChange={() => setChoice(r)} />
            <span>{r}</span>
          </label>
        ))}
        {choice === 'Other' && (
          <div className="field">
            <label htmlFor={otherId} className="field__label">
              Your reason
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
