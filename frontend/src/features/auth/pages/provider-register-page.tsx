import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { errorMessage, fieldErrorsOf } from '../../../shared/api/api-error';
import { useToast } from '../../../shared/toast/use-toast';
import { UploadProblem } from '../../../shared/upload/upload-client';
import { useUpload } from '../../../shared/upload/use-upload';
import { Button } from '../../../shared/ui/button';
import { TextAreaField, TextField } from '../../../shared/ui/text-field';
import { PasswordPairFields } from '../components/password-pair-fields';
import { useMessages } from '../../../shared/i18n/i18n';
import { authToastMessages, providerRegisterMessages } from '../../../shared/i18n/locales/en/auth';
import { serviceTypeMessages } from '../../../shared/i18n/locales/en/requests';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { SiteHeader } from '../../content/components/site-header';
import { useCreateProviderMutation } from '../../provider/api';
import { DocumentUploader } from '../../provider/components/document-uploader';
import { EMPTY_SERVICE_AREA, ServiceAreaField, useResolveServiceArea } from '../../provider/components/service-area-field';
import { useRegisterMutation } from '../api';
import { loggedOut, tokenReceived } from '../auth.slice';
import {
  AUTH_MESSAGES,
  passwordsMatch,
  PROVIDER_REGISTRATION_SERVICES,
  validateProviderRegistration,
  type ProviderRegistrationField,
  type ProviderRegistrationValues,
} from '../auth.validation';
import type { FieldErrors } from '../form-validation';
import { useLoadCurrentUser } from '../hooks/use-load-current-user';

const EMPTY: ProviderRegistrationValues = {
  fullName: '',
  email: '',
  phone: '',
  experience: '',
  businessName: '',
  serviceRadius: '',
  hourlyRate: '',
  serviceTypes: [],
  vehicleDetails: '',
  languages: '',
  password: '',
  confirmPassword: '',
};

/** Maps API field paths of the provider payload to the form's fields. */
const API_FIELD_TO_FORM: Record<string, ProviderRegistrationField> = {
  yearsExperience: 'experience',
  radius: 'serviceRadius',
  vehicleSpecs: 'vehicleDetails',
  username: 'email',
};

/** The account made by a submit whose later steps failed; a retry with the same email reuses it. */
interface PendingAccount {
  email: string;
  jwt: string;
  userId: string;
}

/**
 * /provider/register: the provider application (spec section 4). Registers the account (role provider)
 * and keeps its token for the next steps, uploads the ID and business license images (purpose
 * registration), creates the provider profile with businessId / businessLicense = the uploaded ids,
 * then signs in with the token and goes to /provider/dashboard ('Application Submitted!').
 */
export function ProviderRegisterPage() {
  const t = useMessages(providerRegisterMessages);
  const serviceNames: Record<string, string> = useMessages(serviceTypeMessages);
  useDocumentTitle(t.documentTitle);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<ProviderRegistrationField>>({});
  const [idDocuments, setIdDocuments] = useState<File[]>([]);
  const [licenseDocuments, setLicenseDocuments] = useState<File[]>([]);
  const [register, registerState] = useRegisterMutation();
  const [createProvider, createState] = useCreateProviderMutation();
  const loadCurrentUser = useLoadCurrentUser();
  const [loadingUser, setLoadingUser] = useState(false);
  const { upload, uploading } = useUpload();
  const [pendingAccount, setPendingAccount] = useState<PendingAccount | null>(null);
  const [serviceArea, setServiceArea] = useState(EMPTY_SERVICE_AREA);
  const [serviceAreaError, setServiceAreaError] = useState<string | undefined>(undefined);
  const [resolvingArea, setResolvingArea] = useState(false);
  const resolveServiceArea = useResolveServiceArea();
  const busy = resolvingArea || registerState.isLoading || createState.isLoading || loadingUser || uploading;

  const set = (field: ProviderRegistrationField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const toggleService = (service: string) => {
    setValues((v) => ({
      ...v,
      serviceTypes: v.serviceTypes.includes(service) ? v.serviceTypes.filter((s) => s !== service) : [...v.serviceTypes, service],
    }));
  };

  const serverFieldErrors = (error: unknown): FieldErrors<ProviderRegistrationField> => {
    const out: FieldErrors<ProviderRegistrationField> = {};
    for (const [key, message] of Object.entries(fieldErrorsOf(error))) {
      const field: string = API_FIELD_TO_FORM[key] ?? key;
      if (field !== 'serviceTypes' && field in EMPTY) out[field as ProviderRegistrationField] = message;
    }
    return out;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateProviderRegistration(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    if (!passwordsMatch(values)) {
      toast({ ...AUTH_MESSAGES.passwordMismatch, variant: 'destructive' });
      return;
    }
    if (values.serviceTypes.length === 0) {
      toast({ ...AUTH_MESSAGES.serviceTypesRequired, variant: 'destructive' });
      return;
    }
    // The service address is geocoded before anything is created: a typo is fixed here, not after sign-up.
    setResolvingArea(true);
    const resolved = await resolveServiceArea(serviceArea).finally(() => setResolvingArea(false));
    if (!resolved.ok) {
      setServiceAreaError(resolved.error);
      return;
    }
    let account = pendingAccount?.email === result.data.register.email ? pendingAccount : null;
    if (!account) {
      try {
        const auth = await register(result.data.register).unwrap();
        account = { email: result.data.register.email, jwt: auth.jwt, userId: auth.user.id };
        setPendingAccount(account);
      } catch (error) {
        setErrors(serverFieldErrors(error));
        toast({ title: AUTH_MESSAGES.providerFailed.title, description: errorMessage(error, authToastMessages.get().registrationFailed), variant: 'destructive' });
        return;
      }
    }
    const { jwt, userId } = account;

    // The documents go up with the new account's token: ID images first, then the license.
    let businessId: string | null = null;
    let businessLicense: string | null = null;
    const documents = [...idDocuments, ...licenseDocuments];
    if (documents.length > 0) {
      try {
        const uploaded = await upload(documents, 'registration', jwt);
        businessId = idDocuments.length > 0 ? uploaded[0].id : null;
        businessLicense = licenseDocuments.length > 0 ? uploaded[idDocuments.length].id : null;
      } catch (error) {
        toast(error instanceof UploadProblem ? error.toast() : new UploadProblem('error', '').toast());
        return;
      }
    }

    dispatch(tokenReceived(jwt));
    try {
      const profile = result.data.profile(userId);
      const area = resolved.area ? { address: resolved.area.address, lat: resolved.area.lat, lng: resolved.area.lng } : {};
      await createProvider({ data: { ...profile.data, serviceArea: { ...profile.data.serviceArea, ...area }, businessId, businessLicense } }).unwrap();
    } catch (error) {
      console.error('Provider profile creation failed', error);
      dispatch(loggedOut({ redirectTo: null }));
      setErrors(serverFieldErrors(error));
      toast({ ...AUTH_MESSAGES.providerFailed, variant: 'destructive' });
      return;
    }
    setLoadingUser(true);
    try {
      await loadCurrentUser(jwt);
    } catch {
      toast({ ...AUTH_MESSAGES.providerFailed, variant: 'destructive' });
      return;
    } finally {
      setLoadingUser(false);
    }
    setPendingAccount(null);
    toast(AUTH_MESSAGES.providerSubmitted);
    void navigate('/provider/dashboard', { replace: true });
  };

  return (
    <div className="page">
      <SiteHeader />
      <main id="main" className="container form-layout">
        <h1 className="page__title">{t.title}</h1>
        <p className="lead">{t.lead}</p>
        <form className="form card" noValidate onSubmit={(e) => void onSubmit(e)}>
          <fieldset className="form-section">
            <legend>{t.personal}</legend>
            <div className="form-grid">
              <TextField label={t.fullName} name="fullName" autoComplete="name" required value={values.fullName} onChange={set('fullName')} error={errors.fullName} />
              <TextField label={t.email} name="email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} error={errors.email} />
              <TextField label={t.phone} name="phone" type="tel" autoComplete="tel" required value={values.phone} onChange={set('phone')} error={errors.phone} />
              <TextField
                label={t.experience}
                name="experience"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                required
                value={values.experience}
                onChange={set('experience')}
                error={errors.experience}
              />
            </div>
          </fieldset>

          <fieldset className="form-section">
            <legend>{t.business}</legend>
            <div className="form-grid">
              <TextField
                label={t.businessName}
                name="businessName"
                autoComplete="organization"
                required
                value={values.businessName}
                onChange={set('businessName')}
                error={errors.businessName}
              />
              <TextField
                label={t.serviceRadius}
                name="serviceRadius"
                type="number"
                inputMode="decimal"
                min={1}
                required
                value={values.serviceRadius}
                onChange={set('serviceRadius')}
                error={errors.serviceRadius}
              />
              <TextField
                label={t.hourlyRate}
                name="hourlyRate"
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                required
                value={values.hourlyRate}
                onChange={set('hourlyRate')}
                error={errors.hourlyRate}
              />
              <TextField
                label={t.languages}
                name="languages"
                placeholder={t.languagesPlaceholder}
                value={values.languages}
                onChange={set('languages')}
                error={errors.languages}
              />
            </div>
            <ServiceAreaField
              label={t.serviceAddress}
              value={serviceArea}
              error={serviceAreaError}
              disabled={busy}
              onChange={(next) => {
                setServiceArea(next);
                setServiceAreaError(undefined);
              }}
            />
            <TextAreaField
              label={t.vehicleDetails}
              name="vehicleDetails"
              hint={t.vehicleDetailsHint}
              rows={3}
              value={values.vehicleDetails}
              onChange={set('vehicleDetails')}
              error={errors.vehicleDetails}
            />
          </fieldset>

          <fieldset className="form-section">
            <legend>{t.services}</legend>
            <p className="field__hint">{t.servicesHint}</p>
            <div className="check-grid">
              {PROVIDER_REGISTRATION_SERVICES.map((service) => (
                <label key={service} className="check">
                  <input type="checkbox" name="serviceTypes" value={service} checked={values.serviceTypes.includes(service)} onChange={() => toggleService(service)} />
                  <span>{serviceNames[service] ?? service}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset className="form-section">
            <legend>{t.documents}</legend>
            <p className="field__hint">{t.documentsHint}</p>
            <div className="form-grid">
              <DocumentUploader
                label={t.governmentId}
                description={t.governmentIdDescription}
                files={idDocuments}
                onChange={setIdDocuments}
                sharedCount={licenseDocuments.length}
                disabled={busy}
              />
              <DocumentUploader
                label={t.businessLicense}
                description={t.businessLicenseDescription}
                files={licenseDocuments}
                onChange={setLicenseDocuments}
                sharedCount={idDocuments.length}
                disabled={busy}
              />
            </div>
          </fieldset>

          <fieldset className="form-section">
            <legend>{t.security}</legend>
            <div className="form-grid">
              <PasswordPairFields values={values} errors={errors} onChange={set} />
            </div>
          </fieldset>

          <Button type="submit" size="lg" busy={busy} className="btn--block">
            {busy ? t.submitting : t.submit}
          </Button>
          <p className="field__hint">{t.reviewNote}</p>
        </form>
        <p className="auth-links">
          {t.alreadyProvider} <Link to="/login">{t.signIn}</Link> · {t.needService} <Link to="/customer/register">{t.createCustomer}</Link> ·{' '}
          <Link to="/">{t.backHome}</Link>
        </p>
      </main>
    </div>
  );
}
