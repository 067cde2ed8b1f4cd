import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { AboutView, CareersView, ContactView, PrivacyView, TermsView } from '@tiredash/contracts';
import { errorMessage, fieldErrorsOf } from '../../../shared/api/api-error';
import { useMessages } from '../../../shared/i18n/i18n';
import {
  adminEditorAboutMessages,
  adminEditorCareersMessages,
  adminEditorContactMessages,
  adminEditorMessages,
  adminEditorPrivacyMessages,
  adminEditorTermsMessages,
} from '../../../shared/i18n/locales/en/admin';
import type { ToastInput } from '../../../shared/toast/toast-context';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { TextAreaField, TextField } from '../../../shared/ui/text-field';
import { useGetAboutQuery, useGetCareersQuery, useGetContactQuery, useGetPrivacyQuery, useGetTermsQuery } from '../../content/api';
import { ADMIN_MESSAGES, failureWith } from '../admin-messages';
import { useUpdatePageMutation, type PageUpdates } from '../api';

type EditablePage = Exclude<keyof PageUpdates, 'home'>;

/** Saves one page with its own toasts; answers the server's field errors on failure. */
function useSavePage<P extends EditablePage>(page: P, messages: { success: ToastInput; failure: ToastInput }) {
  const { toast } = useToast();
  const [update, { isLoading }] = useUpdatePageMutation();
  const save = async (data: PageUpdates[P]): Promise<Record<string, string>> => {
    try {
      await update({ page, data } as Parameters<typeof update>[0]).unwrap();
      toast(messages.success);
      return {};
    } catch (error) {
      toast(failureWith(messages.failure, errorMessage(error, '') || null));
      return fieldErrorsOf(error);
    }
  };
  return { save, saving: isLoading };
}

interface EditorFrameProps {
  title: string;
  description: string;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  saving: boolean;
  onSubmit: () => void;
  children: ReactNode;
}

/** One page editor: its card, its fields (disabled while saving) and its own Save button. */
function EditorFrame({ title, description, loading, failed, onRetry, saving, onSubmit, children }: EditorFrameProps) {
  const t = useMessages(adminEditorMessages);
  return (
    <Card title={title} description={description}>
      {loading && <Spinner label={t.loading({ title })} />}
      {failed && <ErrorState message={t.loadFailed({ title })} onRetry={onRetry} />}
      {!loading && !failed && (
        <form
          className="stack"
          noValidate
          onSubmit={(e: FormEvent<HTMLFormElement>) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <fieldset className="form-section" disabled={saving}>
            <legend className="visually-hidden">{title}</legend>
            {children}
          </fieldset>
          <div className="row row--end">
            <Button type="submit" busy={saving} aria-label={t.saveLabel({ title })}>
              {saving ? t.saving : t.save}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

/** Syncs a local copy of a loaded view (reset when the server's view changes). */
function useDraft<V, D>(view: V | undefined, toDraft: (view: V) => D, empty: D): [D, (update: (d: D) => D) => void] {
  const [draft, setDraft] = useState<D>(empty);
  useEffect(() => {
    if (view) setDraft(toDraft(view));
    // toDraft is a pure mapping defined with the editor
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view]);
  return [draft, (update) => setDraft(update)];
}

export function AboutEditor() {
  const query = useGetAboutQuery();
  const [draft, setDraft] = useDraft(query.data, (v: AboutView) => ({ headerText: v.headerText, infoText: v.infoText }), { headerText: '', infoText: '' });
  const { save, saving } = useSavePage('about', ADMIN_MESSAGES.about);
  const t = useMessages(adminEditorAboutMessages);
  const htmlHint = useMessages(adminEditorMessages).htmlHint;
  return (
    <EditorFrame
      title={t.title}
      description={t.description}
      loading={query.isLoading}
      failed={query.isError}
      onRetry={() => void query.refetch()}
      saving={saving}
      onSubmit={() => void save({ headerText: draft.headerText.trim(), infoText: draft.infoText })}
    >
      <TextField label={t.header} name="aboutHeader" maxLength={500} value={draft.headerText} onChange={(e) => setDraft((d) => ({ ...d, headerText: e.target.value }))} />
      <TextAreaField label={t.text} name="aboutText" rows={6} hint={htmlHint} value={draft.infoText} onChange={(e) => setDraft((d) => ({ ...d, infoText: e.target.value }))} />
    </EditorFrame>
  );
}

export function ContactEditor() {
  const query = useGetContactQuery();
  const [draft, setDraft] = useDraft(query.data, (v: ContactView) => ({ email: v.email, phone: v.phone, address: v.address }), { email: '', phone: '', address: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { save, saving } = useSavePage('contact', ADMIN_MESSAGES.contact);
  const t = useMessages(adminEditorContactMessages);
  return (
    <EditorFrame
      title={t.title}
      description={t.description}
      loading={query.isLoading}
      failed={query.isError}
      onRetry={() => void query.refetch()}
      saving={saving}
      onSubmit={() => {
        setErrors({});
        void save({ email: draft.email.trim(), phone: draft.phone.trim(), address: draft.address.trim() }).then(setErrors);
      }}
    >
      <div className="form-grid">
        <TextField label={t.email} name="contactEmail" type="email" value={draft.email} error={errors.email} onChange={(e) => setDraft((d) => ({ ...d, email: e.target.value }))} />
        <TextField label={t.phone} name="contactPhone" type="tel" value={draft.phone} error={errors.phone} onChange={(e) => setDraft((d) => ({ ...d, phone: e.target.value }))} />
      </div>
      <TextAreaField label={t.address} name="contactAddress" rows={2} value={draft.address} error={errors.address} onChange={(e) => setDraft((d) => ({ ...d, address: e.target.value }))} />
    </EditorFrame>
  );
}

interface PositionDraft {
  key: number;
  title: string;
  location: string;
}
let positionKey = 0;

export function CareersEditor() {
  const query = useGetCareersQuery();
  const [draft, setDraft] = useDraft(
    query.data,
    (v: CareersView) => ({ introText: v.introText, positions: v.positions.map<PositionDraft>((p) => ({ key: ++positionKey, ...p })) }),
    { introText: '', positions: [] as PositionDraft[] },
  );
  const { save, saving } = useSavePage('careers', ADMIN_MESSAGES.careers);
  const t = useMessages(adminEditorCareersMessages);
  const setPosition = (key: number, change: Partial<PositionDraft>) =>
    setDraft((d) => ({ ...d, positions: d.positions.map((p) => (p.key === key ? { ...p, ...change } : p)) }));
  return (
    <EditorFrame
      title={t.title}
      description={t.description}
      loading={query.isLoading}
      failed={query.isError}
      onRetry={() => void query.refetch()}
      saving={saving}
      onSubmit={() =>
        void save({
          introText: draft.introText.trim(),
          positions: draft.positions
            .map((p) => ({ title: p.title.trim(), location: p.location.trim() }))
            .filter((p) => p.title.length > 0),
        })
      }
    >
      <TextAreaField label={t.text} name="careersText" rows={4} value={draft.introText} onChange={(e) => setDraft((d) => ({ ...d, introText: e.target.value }))} />
      <div className="stack stack--tight">
        <p className="field__label">{t.positions}</p>
        {draft.positions.length === 0 && <p className="muted">{t.none}</p>}
        <ul className="position-editor-list">
          {draft.positions.map((position, index) => (
            <li key={position.key} className="position-editor">
              <TextField label={t.positionTitle({ n: index + 1 })} value={position.title} onChange={(e) => setPosition(position.key, { title: e.target.value })} />
              <TextField label={t.positionLocation({ n: index + 1 })} value={position.location} onChange={(e) => setPosition(position.key, { location: e.target.value })} />
              <Button variant="ghost" size="sm" onClick={() => setDraft((d) => ({ ...d, positions: d.positions.filter((p) => p.key !== position.key) }))}>
                {t.remove({ n: index + 1 })}
              </Button>
            </li>
          ))}
        </ul>
        <div className="row">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setDraft((d) => ({ ...d, positions: [...d.positions, { key: ++positionKey, title: '', location: '' }] }))}
          >
            {t.add}
          </Button>
        </div>
      </div>
    </EditorFrame>
  );
}

export function PrivacyEditor() {
  const query = useGetPrivacyQuery();
  const [draft, setDraft] = useDraft(query.data, (v: PrivacyView) => v.text, '');
  const { save, saving } = useSavePage('privacy-policy', ADMIN_MESSAGES.privacy);
  const t = useMessages(adminEditorPrivacyMessages);
  const htmlHint = useMessages(adminEditorMessages).htmlHint;
  return (
    <EditorFrame
      title={t.title}
      description={t.description}
      loading={query.isLoading}
      failed={query.isError}
      onRetry={() => void query.refetch()}
      saving={saving}
      onSubmit={() => void save({ text: draft })}
    >
      <TextAreaField label={t.text} name="privacyText" rows={8} hint={htmlHint} value={draft} onChange={(e) => setDraft(() => e.target.value)} />
    </EditorFrame>
  );
}

export function TermsEditor() {
  const query = useGetTermsQuery();
  const [draft, setDraft] = useDraft(query.data, (v: TermsView) => v.content, '');
  const { save, saving } = useSavePage('terms-of-service', ADMIN_MESSAGES.terms);
  const t = useMessages(adminEditorTermsMessages);
  const htmlHint = useMessages(adminEditorMessages).htmlHint;
  return (
    <EditorFrame
      title={t.title}
      description={t.description}
      loading={query.isLoading}
      failed={query.isError}
      onRetry={() => void query.refetch()}
      saving={saving}
      onSubmit={() => void save({ content: draft })}
    >
      <TextAreaField label={t.text} name="termsText" rows={8} hint={htmlHint} value={draft} onChange={(e) => setDraft(() => e.target.value)} />
    </EditorFrame>
  );
}
