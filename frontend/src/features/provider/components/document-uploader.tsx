import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { LIMITS } from '@tiredash/contracts';
import { Button } from '../../../shared/ui/button';
import { checkImageFiles, megabytes, type UploadLimits } from '../document-upload.validation';

interface DocumentUploaderProps {
  label: string;
  description?: string;
  files: File[];
  onChange: (files: File[]) => void;
  limits?: UploadLimits;
}

interface Preview {
  file: File;
  url: string | null;
}

function usePreviews(files: File[]): Preview[] {
  const [previews, setPreviews] = useState<Preview[]>([]);
  useEffect(() => {
    const canPreview = typeof URL.createObjectURL === 'function';
    const next = files.map((file) => ({ file, url: canPreview ? URL.createObjectURL(file) : null }));
    setPreviews(next);
    return () => next.forEach((p) => p.url && URL.revokeObjectURL(p.url));
  }, [files]);
  return previews;
}

/** Image picker with drag and drop, click to browse, previews and removal; checks the spec's limits. */
export function DocumentUploader({ label, description, files, onChange, limits = LIMITS.registrationUploads }: DocumentUploaderProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [alerts, setAlerts] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const previews = usePreviews(files);

  const add = (incoming: File[]) => {
    if (incoming.length === 0) return;
    const { accepted, errors } = checkImageFiles(files.length, incoming, limits);
    setAlerts(errors);
    if (accepted.length > 0) onChange([...files, ...accepted]);
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
        <p>Drag and drop images here, or</p>
        <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
          Browse files
        </Button>
        <p className="field__hint">
          Images only, up to {megabytes(limits.maxBytes)}MB each, {limits.maxFiles} files at most.
        </p>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          className="visually-hidden"
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
        <ul className="uploader__previews" aria-label={`${label}: selected files`}>
          {previews.map(({ file, url }, index) => (
            <li key={`${file.name}-${index}`} className="uploader__preview">
              {url ? <img src={url} alt={file.name} /> : <span className="uploader__name">{file.name}</span>}
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
