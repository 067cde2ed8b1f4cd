import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '@tiredash/contracts';
import { useAppSelector } from '../../../app/hooks';
import { AreaShell } from '../../../app/layout/area-shell';
import { useMessages } from '../../../shared/i18n/i18n';
import { providerProfileMessages, providerServicesMessages } from '../../../shared/i18n/locales/en/provider';
import { useToast } from '../../../shared/toast/use-toast';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { TextField } from '../../../shared/ui/text-field';
import { UploadedImage } from '../../../shared/upload/image-thumbnail';
import { UploadProblem } from '../../../shared/upload/upload-client';
import { useUpload } from '../../../shared/upload/use-upload';
import { selectCurrentUser } from '../../auth/auth.slice';
import { useGetProviderQuery } from '../api';
import { DocumentUploader } from '../components/document-uploader';
import { ServiceAreaField, useResolveServiceArea, type ServiceAreaValue } from '../components/service-area-field';
import { useUpdateProviderProfileMutation } from '../profile-api';
import { labelOf } from '../../tracking/tracking-labels';
import {
  buildProfileUpdate,
  checkServiceRadius,
  profileMessages,
  serviceAreaInputOf,
  profileValuesOf,
  serviceChecklist,
  toggleService,
  type ProfileErrors,
  type ProfileField,
  type ProfileValues,
  type ServiceAreaInput,
  type ServiceAreaUpdate,
} from '../provider-profile.form';

const DASHBOARD = '/provider/dashboard';

/**
 * /provider/profile: Business Name, Years Experience, Phone, the Services Offered checklist and the two
 * documents (thumbnail, click to enlarge, replace with a new image of at most 2 MB). Cancel goes back to
 * the dashboard; 'Save Changes' ('Saving...') uploads any new image, saves, then returns to the dashboard.
 */
export function ProviderProfilePage() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const t = useMessages(providerProfileMessages);
  const services = useMessages(providerServicesMessages);
  const toasts = profileMessages(t);
  const businessId = useAppSelector(selectCurrentUser)?.business?.documentId ?? null;
  const { data: provider, isLoading, isError, refetch } = useGetProviderQuery(businessId ?? '', { skip: !businessId });
  const [values, setValues] = useState<ProfileValues | null>(null);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [idFiles, setIdFiles] = useState<File[]>([]);
  const [licenseFiles, setLicenseFiles] = useState<File[]>([]);
  const { upload, uploading } = useUpload();
  const [save, saveState] = useUpdateProviderProfileMutation();
  // The Service Area section is sent only when the provider changed it.
  const [area, setArea] = useState<ServiceAreaInput | null>(null);
  const [areaDirty, setAreaDirty] = useState(false);
  const [areaErrors, setAreaErrors] = useState<{ radius?: string; address?: string }>({});
  const [resolvingArea, setResolvingArea] = useState(false);
  const resolveServiceArea = useResolveServiceArea();
  const saving = uploading || saveState.isLoading || resolvingArea;

  useEffect(() => {
    if (provider && values === null) setValues(profileValuesOf(provider));
    if (provider && area === null) setArea(serviceAreaInputOf(provider));
  }, [provider, values, area]);

  const changeArea = (next: Partial<ServiceAreaInput>) => {
    setArea((a) => (a ? { ...a, ...next } : a));
    setAreaDirty(true);
    setAreaErrors((e) => ({ ...e, ...('radius' in next ? { radius: undefined } : {}), ...('address' in next ? { address: undefined } : {}) }));
  };

  /** The changed service area checked and geocoded, null when unchanged, or false after showing an error. */
  const checkedArea = async (): Promise<ServiceAreaUpdate | null | false> => {
    if (!areaDirty || !area) return null;
    const radius = checkServiceRadius(area.radius);
    if (!radius.ok) {
      setAreaErrors({ radius: radius.error });
      return false;
    }
    setResolvingArea(true);
    const resolved = await resolveServiceArea(area).finally(() => setResolvingArea(false));
    if (!resolved.ok) {
      setAreaErrors({ address: resolved.error });
      return false;
    }
    return resolved.area
      ? { radius: radius.radius, address: resolved.area.address, lat: resolved.area.lat, lng: resolved.area.lng }
      : { radius: radius.radius, address: '', lat: null, lng: null };
  };

  useEffect(() => {
    if (isError) toast({ ...profileMessages().loadFailed, variant: 'destructive' });
  }, [isError, toast]);

  const set = (field: ProfileField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((v) => (v ? { ...v, [field]: value } : v));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Without the business document id there is nothing to save to (spec section 5).
    if (!businessId || !values) return;
    const checked = buildProfileUpdate(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const serviceArea = await checkedArea();
    if (serviceArea === false) return;
    const documents = { businessId: null as string | null, businessLicense: null as string | null };
    try {
      if (idFiles.length > 0) documents.businessId = (await upload(idFiles, 'profile-image'))[0].id;
      if (licenseFiles.length > 0) documents.businessLicense = (await upload(licenseFiles, 'profile-image'))[0].id;
    } catch (error) {
      toast(error instanceof UploadProblem ? error.toast() : new UploadProblem('error', '').toast());
      return;
    }
    const body = buildProfileUpdate(values, documents, serviceArea);
    if (!body.ok) return;
    try {
      await save({ id: businessId, body: body.data }).unwrap();
    } catch (error) {
      console.error('Profile update failed', error);
      toast({ ...toasts.updateFailed, variant: 'destructive' });
      return;
    }
    toast(toasts.updated);
    void navigate(DASHBOARD);
  };

  const back = (
    <ButtonLink to={DASHBOARD} variant="outline">
      {t.back}
    </ButtonLink>
  );

  if (!businessId) {
    return (
      <AreaShell title={t.title} actions={back}>
        <ErrorState title={t.noProfileTitle} message={t.noProfile} />
      </AreaShell>
    );
  }
  if (isError && !provider) {
    return (
      <AreaShell title={t.title} actions={back}>
        <ErrorState message={toasts.loadFailed.description} onRetry={() => void refetch()} />
      </AreaShell>
    );
  }
  if (isLoading || !provider || !values || !area) {
    return (
      <AreaShell title={t.title} actions={back}>
        <Spinner label={t.loading} />
      </AreaShell>
    );
  }

  return (
    <AreaShell title={t.title} subtitle={provider.businessName} actions={back}>
      <form className="form card profile-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={saving || undefined}>
        <fieldset className="form-section" disabled={saving}>
          <legend>{t.businessDetails}</legend>
          <div className="form-grid">
            <TextField label={t.businessName} name="businessName" required value={values.businessName} onChange={set('businessName')} error={errors.businessName} />
            <TextField
              label={t.yearsExperience}
              name="yearsExperience"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              required
              value={values.yearsExperience}
              onChange={set('yearsExperience')}
              error={errors.yearsExperience}
            />
            <TextField label={t.phone} name="phone" type="tel" autoComplete="tel" required value={values.phone} onChange={set('phone')} error={errors.phone} />
          </div>
        </fieldset>

        <fieldset className="form-section" disabled={saving} aria-describedby={errors.serviceTypes ? 'profile-services-error' : undefined}>
          <legend>{t.servicesOffered}</legend>
          <div className="check-grid">
            {serviceChecklist(values.serviceTypes).map((service) => (
              <label key={service} className="check">
                <input
                  type="checkbox"
                  name="serviceTypes"
                  value={service}
                  checked={values.serviceTypes.includes(service)}
                  onChange={() => {
                    setValues((v) => (v ? { ...v, serviceTypes: toggleService(v.serviceTypes, service) } : v));
                    setErrors((e) => ({ ...e, serviceTypes: undefined }));
                  }}
                />
                <span>{labelOf(services, service)}</span>
              </label>
            ))}
          </div>
          {errors.serviceTypes && (
            <p id="profile-services-error" className="field__error">
              {errors.serviceTypes}
            </p>
          )}
        </fieldset>

        <fieldset className="form-section" disabled={saving}>
          <legend>{t.serviceArea}</legend>
          <p className="field__hint">{t.serviceAreaHint}</p>
          <div className="form-grid">
            <TextField
              label={t.serviceRadius}
              name="serviceRadius"
              type="number"
              inputMode="decimal"
              min={1}
              max={500}
              required
              value={area.radius}
              onChange={(e) => changeArea({ radius: e.target.value })}
              error={areaErrors.radius}
            />
          </div>
          <ServiceAreaField
            value={{ address: area.address, lat: area.lat, lng: area.lng } satisfies ServiceAreaValue}
            error={areaErrors.address}
            disabled={saving}
            onChange={(next) => changeArea(next)}
          />
        </fieldset>

        <div className="form-grid">
          <Card title={t.businessId} as="div" className="document-card">
            <UploadedImage id={provider.businessId} label={t.businessId} emptyText={t.noBusinessId} />
            <DocumentUploader label={t.newBusinessId} files={idFiles} onChange={setIdFiles} limits={LIMITS.profileImages} disabled={saving} />
          </Card>
          <Card title={t.businessLicense} as="div" className="document-card">
            <UploadedImage id={provider.businessLicense} label={t.businessLicense} emptyText={t.noBusinessLicense} />
            <DocumentUploader
              label={t.newBusinessLicense}
              files={licenseFiles}
              onChange={setLicenseFiles}
              limits={LIMITS.profileImages}
              disabled={saving}
            />
          </Card>
        </div>

        <div className="row row--end">
          <Button variant="outline" disabled={saving} onClick={() => void navigate(DASHBOARD)}>
            {t.cancel}
          </Button>
          <Button type="submit" busy={saving}>
            {saving ? t.saving : t.save}
          </Button>
        </div>
      </form>
    </AreaShell>
  );
}
