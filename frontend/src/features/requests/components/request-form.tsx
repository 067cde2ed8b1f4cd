import { LIMITS, PAYMENT_METHODS, SERVICE_TYPES, type PaymentMethod } from '@tiredash/contracts';
import { useState, type FormEvent } from 'react';
import { useMessages } from '../../../shared/i18n/i18n';
import { requestFormMessages, serviceTypeMessages } from '../../../shared/i18n/locales/en/requests';
import { Button } from '../../../shared/ui/button';
import { TextAreaField, TextField } from '../../../shared/ui/text-field';
import { usePlatformFees } from '../../payments/hooks/use-platform-fees';
import { DocumentUploader } from '../../provider/components/document-uploader';
import { useLazyReverseGeocodeQuery } from '../api';
import { useDeviceLocation } from '../hooks/use-device-location';
import {
  canSubmitRequest,
  hasCoordinates,
  INITIAL_REQUEST_VALUES,
  isServiceType,
  paymentLabels,
  priorities,
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
  const t = useMessages(requestFormMessages);
  const { cardFee } = usePlatformFees();
  const serviceTypes = useMessages(serviceTypeMessages);

  const set = <K extends keyof RequestFormValues>(key: K, value: RequestFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const fillFromDeviceLocation = async () => {
    setLocationNote(null);
    try {
      const pos = await locate();
      setValues((v) => ({ ...v, lat: pos.lat, lng: pos.lng }));
      setLocationNote(t.usingLocation({ lat: pos.lat.toFixed(5), lng: pos.lng.toFixed(5) }));
      const found = await reverse(pos, true)
        .unwrap()
        .catch(() => null);
      if (found) setValues((v) => (v.lat === pos.lat && v.lng === pos.lng ? { ...v, address: found.display_name } : v));
    } catch (err) {
      setLocationNote(err instanceof Error ? err.message : t.locationFailed);
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
    <form className="form request-form" noValidate onSubmit={submit} aria-label={t.formLabel}>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="request-service-type" className="field__label">
            {t.serviceType}<span className="field__required" aria-hidden="true"> *</span>
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
            <option value="">{t.selectService}</option>
            {SERVICE_TYPES.map((s) => (
              <option key={s} value={s}>
                {serviceTypes[s]}
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
          label={t.tireSize}
          required
          placeholder="225/65/R17"
          maxLength={LIMITS.tireSizeMaxLength}
          autoCapitalize="characters"
          hint={t.tireSizeHint}
          value={values.tireSize}
          error={errors.tireSize}
          onChange={(e) => set('tireSize', tireSizeInput(e.target.value))}
        />
        <TextField label={t.tireBrand} value={values.tireBrand} maxLength={80} onChange={(e) => set('tireBrand', e.target.value)} />
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
          {locating ? t.locating : t.useLocation}
        </Button>
        {locationNote && (
          <p className="field__hint" role="status">
            {locationNote}
          </p>
        )}
        {!locationNote && hasCoordinates(values) && <p className="field__hint">{t.locationSet}</p>}
      </div>

      <TextAreaField
        label={t.description}
        rows={3}
        maxLength={2000}
        placeholder={t.descriptionPlaceholder}
        value={values.description}
        onChange={(e) => set('description', e.target.value)}
      />

      <div className="form-grid">
        <TextField
          label={t.budget}
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
            {t.priority}
          </label>
          <select id="request-priority" className="field__input" value={values.priority} onChange={(e) => set('priority', e.target.value)}>
            {priorities().map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t.scheduledTime}
          type="datetime-local"
          value={values.scheduledTime}
          error={errors.scheduledTime}
          onChange={(e) => set('scheduledTime', e.target.value)}
        />
      </div>

      <DocumentUploader
        label={t.photos}
        description={t.photosDescription}
        files={photos}
        onChange={setPhotos}
        limits={LIMITS.requestPhotos}
      />

      <fieldset className="form-section payment-choice" aria-describedby={errors.paymentMethod ? 'request-payment-error' : undefined}>
        <legend>
          {t.paymentMethod}<span className="field__required" aria-hidden="true"> *</span>
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
              <strong>{paymentLabels(cardFee)[method].title}</strong>
              <span className="payment-choice__description">{paymentLabels(cardFee)[method].description}</span>
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
        {submitting ? t.submitting : t.submit}
      </Button>
    </form>
  );
}
