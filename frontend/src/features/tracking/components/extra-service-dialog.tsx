import { SERVICE_TYPES } from '@tiredash/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMessages } from '../../../shared/i18n/i18n';
import { trackingExtraMessages, trackingServiceTypesMessages } from '../../../shared/i18n/locales/en/tracking';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/text-field';
import { budgetError, canAddExtraService, EMPTY_EXTRA_SERVICE, extraServiceBudget, isServiceType, type ExtraServiceDraft } from '../extra-service.model';

export interface ExtraServiceRequest {
  serviceType: ExtraServiceDraft['serviceType'] & string;
  budget: number;
}

/** The dialog's own words where another screen uses it (the provider adds a priced extra): the spec's by default. */
export interface ExtraServiceDialogCopy {
  title: string;
  description: string;
  budget: string;
}

interface ExtraServiceDialogProps {
  open: boolean;
  onClose: () => void;
  onSubmit: (extra: ExtraServiceRequest) => void;
  copy?: ExtraServiceDialogCopy;
  /** A price out of range for the server (the provider's extra): checked before Add Service is enabled. */
  rangeError?: (budget: number) => string | null;
  busy?: boolean;
  /** Why the last submit failed (shown in the dialog, announced). */
  error?: string | null;
}

/** The extra-service dialog: Add Service is enabled once a service type and a numeric budget are set. */
export function ExtraServiceDialog({ open, onClose, onSubmit, copy, rangeError, busy = false, error = null }: ExtraServiceDialogProps) {
  const tExtra = useMessages(trackingExtraMessages);
  const serviceTypes = useMessages(trackingServiceTypesMessages);
  const [draft, setDraft] = useState<ExtraServiceDraft>(EMPTY_EXTRA_SERVICE);
  const selectId = useId();
  const parsedBudget = extraServiceBudget(draft.budget);
  const outOfRange = parsedBudget !== null && rangeError ? rangeError(parsedBudget) : null;
  const enabled = canAddExtraService(draft) && outOfRange === null && !busy;
  const budgetProblem = budgetError(draft.budget) ?? outOfRange;

  // Closed (sent, or cancelled): the next opening starts empty.
  useEffect(() => {
    if (!open) setDraft(EMPTY_EXTRA_SERVICE);
  }, [open]);

  const close = () => {
    setDraft(EMPTY_EXTRA_SERVICE);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const budget = extraServiceBudget(draft.budget);
    if (!draft.serviceType || budget === null) return;
    onSubmit({ serviceType: draft.serviceType, budget });
    // The provider's dialog stays filled while its extra is being sent (it closes on success).
    if (!copy) setDraft(EMPTY_EXTRA_SERVICE);
  };

  return (
    <Dialog open={open} title={copy?.title ?? tExtra.title} description={copy?.description ?? tExtra.description} onClose={close}>
      <form className="form" noValidate onSubmit={submit} aria-label={tExtra.form}>
        <div className="field">
          <label htmlFor={selectId} className="field__label">
            {tExtra.serviceType}<span className="field__required" aria-hidden="true"> *</span>
          </label>
          <select
            id={selectId}
            className="field__input"
            required
            value={draft.serviceType}
            onChange={(e) => setDraft((d) => ({ ...d, serviceType: isServiceType(e.target.value) ? e.target.value : '' }))}
          >
            <option value="">{tExtra.selectService}</option>
            {SERVICE_TYPES.map((s) => (
              <option key={s} value={s}>
                {serviceTypes[s]}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={copy?.budget ?? tExtra.budget}
          required
          inputMode="decimal"
          value={draft.budget}
          error={budgetProblem}
          onChange={(e) => setDraft((d) => ({ ...d, budget: e.target.value }))}
        />
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="row row--end">
          <Button variant="outline" onClick={close}>
            {tExtra.cancel}
          </Button>
          <Button type="submit" disabled={!enabled} busy={busy}>
            {tExtra.add}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
