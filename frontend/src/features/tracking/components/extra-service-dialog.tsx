import { SERVICE_TYPES } from '@tiredash/contracts';
import { useId, useState, type FormEvent } from 'react';
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

interface ExtraServiceDialogProps {
  open: boolean;
  onClose: () => void;
  onSubmit: (extra: ExtraServiceRequest) => void;
}

/** The extra-service dialog: Add Service is enabled once a service type and a numeric budget are set. */
export function ExtraServiceDialog({ open, onClose, onSubmit }: ExtraServiceDialogProps) {
  const tExtra = useMessages(trackingExtraMessages);
  const serviceTypes = useMessages(trackingServiceTypesMessages);
  const [draft, setDraft] = useState<ExtraServiceDraft>(EMPTY_EXTRA_SERVICE);
  const selectId = useId();
  const enabled = canAddExtraService(draft);
  const budgetProblem = budgetError(draft.budget);

  const close = () => {
    setDraft(EMPTY_EXTRA_SERVICE);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const budget = extraServiceBudget(draft.budget);
    if (!draft.serviceType || budget === null) return;
    onSubmit({ serviceType: draft.serviceType, budget });
    setDraft(EMPTY_EXTRA_SERVICE);
  };

  return (
    <Dialog open={open} title={tExtra.title} description={tExtra.description} onClose={close}>
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
          label={tExtra.budget}
          required
          inputMode="decimal"
          value={draft.budget}
          error={budgetProblem}
          onChange={(e) => setDraft((d) => ({ ...d, budget: e.target.value }))}
        />
        <div className="row row--end">
          <Button variant="outline" onClick={close}>
            {tExtra.cancel}
          </Button>
          <Button type="submit" disabled={!enabled}>
            {tExtra.add}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
