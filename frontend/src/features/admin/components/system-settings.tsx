import { useEffect, useState, type FormEvent } from 'react';
import { LIMITS, PLATFORM_FEE_RANGES, type SettingsView } from '@tiredash/contracts';
import { errorMessage } from '../../../shared/api/api-error';
import { useMessages } from '../../../shared/i18n/i18n';
import { adminSettingsMessages, adminSettingsTogglesMessages } from '../../../shared/i18n/locales/en/admin';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { TextField } from '../../../shared/ui/text-field';
import { UploadProblem } from '../../../shared/upload/upload-client';
import { useUpload } from '../../../shared/upload/use-upload';
import { useGetHomeViewQuery } from '../../content/api';
import { DocumentUploader } from '../../provider/components/document-uploader';
import { ADMIN_MESSAGES, failureWith } from '../admin-messages';
import { useGetSettingsQuery, useSetLogoMutation, useUpdateSettingsMutation } from '../api';
import {
  buildSettingsUpdate,
  FEE_FIELDS,
  SETTING_TOGGLES,
  settingsFormOf,
  type SettingsField,
  type SettingsForm,
} from '../settings-form';

/**
 * Toggles, the money settings (card fee, commission, cancellation and no-show fees, minimum withdrawal: payments applies
 * them) and the map key; payment keys are managed in the deployment environment (said, not offered).
 */
export function SettingsEditor({ view }: { view: SettingsView }) {
  const { toast } = useToast();
  const t = useMessages(adminSettingsMessages);
  const toggles = useMessages(adminSettingsTogglesMessages);
  const [form, setForm] = useState<SettingsForm>(() => settingsFormOf(view));
  const [errors, setErrors] = useState<Partial<Record<SettingsField, string>>>({});
  const [save, { isLoading: saving }] = useUpdateSettingsMutation();

  useEffect(() => setForm(settingsFormOf(view)), [view]);

  const setField = (field: SettingsField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = buildSettingsUpdate(form, view);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      await save(checked.data).unwrap();
      toast(ADMIN_MESSAGES.settings.success);
    } catch (error) {
      toast(failureWith(ADMIN_MESSAGES.settings.failure, errorMessage(error, '') || null));
    }
  };

  return (
    <form className="stack" noValidate onSubmit={(e) => void onSubmit(e)}>
      <fieldset className="form-section" disabled={saving}>
        <legend>{t.features}</legend>
        <ul className="toggle-list">
          {SETTING_TOGGLES.map((toggle) => (
            <li key={toggle.key} className="toggle-list__item">
              <label className="toggle">
                <input
                  type="checkbox"
                  role="switch"
                  checked={form.toggles[toggle.key]}
                  onChange={(e) => {
                    const on = e.target.checked;
                    setForm((f) => ({ ...f, toggles: { ...f.toggles, [toggle.key]: on } }));
                  }}
                />
                <span className="toggle__label">{toggles[toggle.key]}</span>
              </label>
              <span className="field__hint">{toggles[`${toggle.key}Hint`]}</span>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="form-section" disabled={saving}>
        <legend>{t.fees}</legend>
        <div className="form-grid">
          {FEE_FIELDS.map((field) => (
            <TextField
              key={field}
              label={t[field]}
              name={field}
              type="number"
              inputMode="numeric"
              min={PLATFORM_FEE_RANGES[field].min}
              max={PLATFORM_FEE_RANGES[field].max}
              step={1}
              required
              value={form[field]}
              onChange={(e) => setField(field, e.target.value)}
              error={errors[field]}
              hint={t[`${field}Hint`]}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="form-section" disabled={saving}>
        <legend>{t.apiKeys}</legend>
        <div className="form-grid">
          <TextField
            label={t.mapKey}
            name="mapboxKey"
            autoComplete="off"
            spellCheck={false}
            value={form.mapboxKey}
            onChange={(e) => setField('mapboxKey', e.target.value)}
            error={errors.mapboxKey}
            hint={t.mapKeyHint}
          />
        </div>
        <p className="notice" data-testid="payment-keys-notice">
          {t.paymentKeys}
        </p>
      </fieldset>
      <div className="row row--end">
        <Button type="submit" busy={saving}>
          {saving ? t.saving : t.save}
        </Button>
      </div>
    </form>
  );
}

/** Logo: the current one, and an uploader (1 image, 5 MB) that sets a new one. */
function LogoEditor() {
  const { toast } = useToast();
  const t = useMessages(adminSettingsMessages);
  const home = useGetHomeViewQuery();
  const [files, setFiles] = useState<File[]>([]);
  const { upload, uploading } = useUpload();
  const [setLogo, { isLoading: saving }] = useSetLogoMutation();
  const busy = uploading || saving;
  const current = home.data?.logo?.url ?? null;

  const onUpload = async () => {
    if (files.length === 0) return;
    let id: string;
    try {
      id = (await upload(files, 'logo'))[0].id;
    } catch (error) {
      toast(error instanceof UploadProblem ? error.toast() : new UploadProblem('error', '').toast());
      return;
    }
    try {
      await setLogo(id).unwrap();
      setFiles([]);
      toast(ADMIN_MESSAGES.logo.success);
    } catch (error) {
      toast(failureWith(ADMIN_MESSAGES.logo.failure, errorMessage(error, '') || null));
    }
  };

  return (
    <div className="stack">
      <div className="row">
        <span className="field__label">{t.currentLogo}</span>
        {current ? <img src={current} alt={t.currentLogoAlt} className="logo-preview" /> : <span className="muted">{t.builtInLogo}</span>}
      </div>
      <DocumentUploader label={t.newLogo} files={files} onChange={setFiles} limits={LIMITS.logo} disabled={busy} />
      <div className="row row--end">
        <Button busy={busy} disabled={files.length === 0} onClick={() => void onUpload()}>
          {busy ? t.uploading : t.uploadLogo}
        </Button>
      </div>
    </div>
  );
}

/** The System Settings tab. */
export function SystemSettings() {
  const t = useMessages(adminSettingsMessages);
  const { data, isLoading, isError, error, refetch } = useGetSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <div className="stack">
      <Card title={t.title} description={t.description}>
        {isLoading && <Spinner label={t.loading} />}
        {isError && <ErrorState message={errorMessage(error, t.loadFailed)} onRetry={() => void refetch()} />}
        {data && <SettingsEditor view={data} />}
      </Card>
      <Card title={t.logoTitle} description={t.logoDescription}>
        <LogoEditor />
      </Card>
    </div>
  );
}
