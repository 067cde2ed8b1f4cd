import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '@tiredash/contracts';
import { useAppSelector } from '../../../app/hooks';
import { AreaShell } from '../../../app/layout/area-shell';
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
import {
  buildProfileUpdate,
  checkServiceRadius,
  PROFILE_MESSAGES,
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
    if (isError) toast({ ...PROFILE_MESSAGES.loadFailed, variant: 'destructive' });
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
      toast({ ...PROFILE_MESSAGES.updateFailed, variant: 'destructive' });
      return;
    }
    toast(PROFILE_MESSAGES.updated);
    void navigate(DASHBOARD);
  };

  const back = (
    <ButtonLink to={DASHBOARD} variant="outline">
      Back to Dashboard
    </ButtonLink>
  );

  if (!businessId) {
    return (
      <AreaShell title="Edit Profile" actions={back}>
        <ErrorState title="No provider profile" message="This account has no provider profile. Please contact support." />
      </AreaShell>
    );
  }
  if (isError && !provider) {
    return (
      <AreaShell title="Edit Profile" actions={back}>
        <ErrorState message={PROFILE_MESSAGES.loadFailed.description} onRetry={() => void refetch()} />
      </AreaShell>
    );
  }
  if (isLoading || !provider || !values || !area) {
    return (
      <AreaShell title="Edit Profile" actions={back}>
        <Spinner label="Loading profile..." />
      </AreaShell>
    );
  }

  return (
    <AreaShell title="Edit Profile" subtitle={provider.businessName} actions={back}>
      <form className="form card profile-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={saving || undefined}>
        <fieldset className="form-section" disabled={saving}>
          <legend>Business Details</legend>
          <div className="form-grid">
            <TextField label="Business Name" name="businessName" required value={values.businessName} onChange={set('businessName')} error={errors.businessName} />
            <TextField
              label="Years Experience"
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
            <TextField label="Phone" name="phone" type="tel" autoComplete="tel" required value={values.phone} onChange={set('phone')} error={errors.phone} />
          </div>
        </fieldset>

        <fieldset className="form-section" disabled={saving} aria-describedby={errors.serviceTypes ? 'profile-services-error' : undefined}>
          <legend>Services Offered</legend>
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
                <span>{service}</span>
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
          <legend>Service Area</legend>
          <p className="field__hint">Where you take jobs. While you are online with location on, requests are matched from where you are.</p>
          <div className="form-grid">
            <TextField
              label="Service Radius (miles)"
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
          <Card title="Business ID" as="div" className="document-card">
            <UploadedImage id={provider.businessId} label="Business ID" emptyText="No Business ID image uploaded." />
            <DocumentUploader label="Upload a new Business ID image" files={idFiles} onChange={setIdFiles} limits={LIMITS.profileImages} disabled={saving} />
          </Card>
          <Card title="Business License" as="div" className="document-card">
            <UploadedImage id={provider.businessLicense} label="Business License" emptyText="No Business License image uploaded." />
            <DocumentUploader
              label="Upload a new Business License image"
              files={licenseFiles}
              onChange={setLicenseFiles}
              limits={LIMITS.profileImages}
              disabled={saving}
            />
          </Card>
        </div>

        <div className="row row--end">
          <Button variant="outline" disabled={saving} onClick={() => void navigate(DASHBOARD)}>
            Cancel
          </Button>
          <Button type="submit" busy={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </AreaShell>
  );
}
