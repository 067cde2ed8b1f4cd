import { LIMITS, PAYMENT_METHODS, SERVICE_TYPES, type PaymentMethod } from '@tiredash/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { TextAreaField, TextField } from '../../../shared/ui/text-field';
import { DocumentUploader } from '../../provider/components/document-uploader';
import { useLazyReverseGeocodeQuery } from '../api';
import { useDeviceLocation } from '../hooks/use-device-location';
import {
  canSubmitRequest,
  hasCoordinates,
  INITIAL_REQUEST_VALUES,
  isServiceType,
  PAYMENT_LABELS,
  PRIORITIES,
  tireSizeInput,
  validateRequest,
  type RequestFormErrors,
  type RequestFormValues,
} from '../request-form.model';
import { AddressField } from './address-field';

interface RequestFormProps {
  /** 'Post again': the form starts from an earlier request. */
  initialValues?: RequestFormValues | null;
  submitting: boolean;
  onSubmit: (values: RequestFormValues, photos: File[]) => void;
}

/** The customer's service request form: every field of the spec's request screen with its validation. */
export function RequestForm({ initialValues, submitting, onSubmit }: RequestFormProps) {
  const [values, setValues] = useState<RequestFormValues>(initialValues ?? INITIAL_REQUEST_VALUES);
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<RequestFormErrors>({});
  const [locationNote, setLocationNote] = useState<string | null>(null);
  const { locate, locating } = useDeviceLocation();
  const [reverse] = useLazyReverseGeocodeQuery();

  const set = <K extends keyof RequestFormValues>(key: K, value: RequestFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const fillFromDeviceLocation = async () => {
    setLocationNote(null);
    try {
      const pos = await locate();
      setValues((v) => ({ ...v, lat: pos.lat, lng: pos.lng }));
      setLocationNote(`Using your current location (${pos.lat.toFixed(5)}, ${pos.lng.toFixed(5)}).`);
      const found = await reverse(pos, true)
        .unwrap()
        .catch(() => null);
      if (found) setValues((v) => (v.lat === pos.lat && v.lng === pos.lng ? { ...v, address: found.display_name } : v));
    } catch (err) {
      setLocationNote(err instanceof Error ? err.message : 'Could not get your location.');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRequest(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSubmit(values, photos);
  };

  return (
    <form className="form request-form" noValidate onSubmit={submit} aria-label="Service request">
      <div className="form-grid">
        <div className="field">
          <label htmlFor="request-service-type" className="field__label">
            Service Type<span className="field__required" aria-hidden="true"> *</span>
          </label>
          <select
            id="request-service-type"
            className="field__input"
            required
            value={values.serviceType}
            aria-invalid={errors.serviceType ? true : undefined}
            aria-describedby={errors.serviceType ? 'request-service-type-error' : undefined}
            onChange={(e) => set('serviceType', isServiceType(e.target.value) ? e.target.value : '')}
          >
            <option value="">Select a service</option>
            {SERVICE_TYPES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          {errors.serviceType && (
            <p id="request-service-type-error" className="field__error">
              {errors.serviceType}
            </p>
          )}
        </div>
        <TextField
          label="Tire Size"
          required
          placeholder="225/65/R17"
          maxLength={LIMITS.tireSizeMaxLength}
          autoCapitalize="characters"
          hint="Like 225/65/R17, LT265/70/R17 or 33X12.50R15: the slashes are added for you."
          value={values.tireSize}
          error={errors.tireSize}
          onChange={(e) => set('tireSize', tireSizeInput(e.target.value))}
        />
        <TextField label="Tire Brand (optional)" value={values.tireBrand} maxLength={80} onChange={(e) => set('tireBrand', e.target.value)} />
      </div>

      <div className="request-form__location">
        <AddressField
          value={values.address}
          disabled={submitting}
          onType={(text) => {
            setLocationNote(null);
            setValues((v) => ({ ...v, address: text, lat: 0, lng: 0 }));
          }}
          onPick={(s) => {
            setLocationNote(null);
            setValues((v) => ({ ...v, address: s.display_name, lat: s.lat, lng: s.lon }));
          }}
        />
        <Button variant="outline" onClick={() => void fillFromDeviceLocation()} busy={locating}>
          {locating ? 'Locating...' : 'Use my current location'}
        </Button>
        {locationNote && (
          <p className="field__hint" role="status">
            {locationNote}
          </p>
        )}
        {!locationNote && hasCoordinates(values) && <p className="field__hint">Location set.</p>}
      </div>

      <TextAreaField
        label="Description"
        rows={3}
        maxLength={2000}
        placeholder="What happened? Anything the provider should know?"
        value={values.description}
        onChange={(e) => set('description', e.target.value)}
      />

      <div className="form-grid">
        <TextField
          label="Budget ($)"
          required
          type="number"
          inputMode="decimal"
          min={1}
          step="any"
          value={values.budget}
          error={errors.budget}
          onChange={(e) => set('budget', e.target.value)}
        />
        <div className="field">
          <label htmlFor="request-priority" className="field__label">
            Priority
          </label>
          <select id="request-priority" className="field__input" value={values.priority} onChange={(e) => set('priority', e.target.value)}>
            {PRIORITIES.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Scheduled Time"
          type="datetime-local"
          value={values.scheduledTime}
          error={errors.scheduledTime}
          onChange={(e) => set('scheduledTime', e.target.value)}
        />
      </div>

      <DocumentUploader
        label="Photos (optional)"
        description="Photos of the tire help providers quote accurately."
        files={photos}
        onChange={setPhotos}
        limits={LIMITS.requestPhotos}
      />

      <fieldset className="form-section payment-choice" aria-describedby={errors.paymentMethod ? 'request-payment-error' : undefined}>
        <legend>
          Payment Method<span className="field__required" aria-hidden="true"> *</span>
        </legend>
        {PAYMENT_METHODS.map((method: PaymentMethod) => (
          <label key={method} className="payment-choice__option">
            <input
              type="radio"
              name="paymentMethod"
              value={method}
              checked={values.paymentMethod === method}
              onChange={() => set('paymentMethod', method)}
            />
            <span>
              <strong>{PAYMENT_LABELS[method].title}</strong>
              <span className="payment-choice__description">{PAYMENT_LABELS[method].description}</span>
            </span>
          </label>
        ))}
        {errors.paymentMethod && (
          <p id="request-payment-error" className="field__error">
            {errors.paymentMethod}
          </p>
        )}
      </fieldset>

      <Button type="submit" size="lg" className="btn--block" disabled={!canSubmitRequest(values)} busy={submitting}>
        {submitting ? 'Submitting...' : 'Submit Request'}
      </Button>
    </form>
  );
}
