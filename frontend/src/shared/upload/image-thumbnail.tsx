import { useState, type ReactEventHandler } from 'react';
import { useMessages } from '../i18n/i18n';
import { uploadMessages } from '../i18n/locales/en/common';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/status';
import { useGetUploadFileQuery } from './media-api';

interface ImageThumbnailProps {
  src: string;
  /** What the image shows, e.g. 'Business ID'; the alt text and the enlarged view's title. */
  label: string;
  /** The image did not load (e.g. its signed link expired while the page stayed open). */
  onError?: ReactEventHandler<HTMLImageElement>;
  onLoad?: ReactEventHandler<HTMLImageElement>;
}

/** A thumbnail that opens the full image in a dialog (click, Enter or Space). */
export function ImageThumbnail({ src, label, onError, onLoad }: ImageThumbnailProps) {
  const [open, setOpen] = useState(false);
  const t = useMessages(uploadMessages);
  return (
    <>
      <button type="button" className="thumb" onClick={() => setOpen(true)} aria-label={t.enlarge({ label })}>
        <img src={src} alt={label} className="thumb__image" onError={onError} onLoad={onLoad} />
      </button>
      <Dialog open={open} title={label} onClose={() => setOpen(false)}>
        <img src={src} alt={label} className="thumb__full" onError={onError} onLoad={onLoad} />
      </Dialog>
    </>
  );
}

interface UploadedImageProps {
  /** The upload id stored on a record (null when nothing was uploaded). */
  id: string | null;
  label: string;
  /** Shown when there is no id, e.g. 'No Business ID image uploaded.' */
  emptyText: string;
}

/**
 * A stored upload by id: its thumbnail (click to enlarge), or the empty text. Uploads are private: the API answers
 * a short-lived signed URL to those allowed to see the file (404 to others). When an image that loaded stops
 * loading because its link expired (the page stayed open), the URL is asked for once more.
 */
export function UploadedImage({ id, label, emptyText }: UploadedImageProps) {
  const t = useMessages(uploadMessages);
  const { data, isLoading, isError, refetch } = useGetUploadFileQuery(id ?? '', { skip: !id });
  // One renewal until an image loads again: a link that keeps failing does not make it ask forever.
  const [renewing, setRenewing] = useState(false);
  if (!id) return <p className="muted">{emptyText}</p>;
  if (isLoading) return <Spinner label={t.loadingImage({ label })} />;
  if (isError || !data) return <p className="muted">{t.cannotShow({ label })}</p>;
  const renew = () => {
    if (renewing) return;
    setRenewing(true);
    void refetch();
  };
  return <ImageThumbnail src={data.url} label={label} onError={renew} onLoad={() => setRenewing(false)} />;
}
