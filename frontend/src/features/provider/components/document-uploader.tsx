import { useId, useRef, useState, type DragEvent } from 'react';
import { LIMITS } from '@tiredash/contracts';
import { useMessages } from '../../../shared/i18n/i18n';
import { providerUploaderMessages } from '../../../shared/i18n/locales/en/provider';
import { useFilePreviews } from '../../../shared/upload/object-urls';
import { Button } from '../../../shared/ui/button';
import { checkImageFiles, megabytes, UPLOAD_ACCEPT, type UploadLimits } from '../document-upload.validation';

interface DocumentUploaderProps {
  label: string;
  description?: string;
  files: File[];
  onChange: (files: File[]) => void;
  limits?: UploadLimits;
  /** Files picked in other uploaders that go out in the same upload (they share the count limit). */
  sharedCount?: number;
  disabled?: boolean;
}

/**
 * Image picker with drag and drop, click to browse, previews and removal; checks the spec's limits
 * ('{file} is not an image file', '... is too large. Maximum size is NMB', 'Maximum N files allowed'); it offers and
 * takes only the types the server stores (JPEG, PNG, GIF, WebP) and refuses another image (HEIC) as it is picked.
 * A one-file uploader replaces its file when another is picked.
 */
export function DocumentUploader({
  label,
  description,
  files,
  onChange,
  limits = LIMITS.registrationUploads,
  sharedCount = 0,
  disabled = false,
}: DocumentUploaderProps) {
  const t = useMessages(providerUploaderMessages);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [alerts, setAlerts] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const previews = useFilePreviews(files);
  const single = limits.maxFiles === 1;

  const add = (incoming: File[]) => {
    if (incoming.length === 0 || disabled) return;
    const replacing = single && incoming.length === 1 && sharedCount === 0;
    const { accepted, errors } = checkImageFiles(replacing ? 0 : files.length + sharedCount, incoming, limits);
    setAlerts(errors);
    if (accepted.length > 0) onChange(replacing ? accepted : [...files, ...accepted]);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };

  return (
    <div className="uploader">
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      {description && <p className="field__hint">{description}</p>}
      <div
        className={`uploader__zone${dragging ? ' uploader__zone--active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>{t.drop}</p>
        <Button variant="outline" size="sm" disabled={disabled} onClick={() => input.current?.click()}>
          {t.browse}
        </Button>
        <p className="field__hint">
          {single
            ? t.hintOne({ types: t.types, mb: megabytes(limits.maxBytes) })
            : t.hintMany({ types: t.types, mb: megabytes(limits.maxBytes), max: limits.maxFiles })}
        </p>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={UPLOAD_ACCEPT}
          multiple={!single}
          disabled={disabled}
          className="visually-hidden"
          // Out of the Tab order: invisible, it could show no focus (WCAG 2.4.7); the Browse button opens it.
          tabIndex={-1}
          onChange={(event) => {
            add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </div>
      {alerts.length > 0 && (
        <ul className="uploader__alerts" role="alert">
          {alerts.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {previews.length > 0 && (
        <ul className="uploader__previews" aria-label={t.selected({ label })}>
          {previews.map(({ file, url }, index) => (
            <li key={`${file.name}-${index}`} className="uploader__preview">
              {url ? <img src={url} alt={file.name} /> : <span className="uploader__name">{file.name}</span>}
              <Button
                variant="ghost"
                size="sm"
                aria-label={t.removeLabel({ name: file.name })}
                disabled={disabled}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                {t.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
