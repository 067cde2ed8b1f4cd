import { useState } from 'react';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/status';
import { useGetUploadFileQuery } from './media-api';

interface ImageThumbnailProps {
  src: string;
  /** What the image shows, e.g. 'Business ID'; the alt text and the enlarged view's title. */
  label: string;
}

/** A thumbnail that opens the full image in a dialog (click, Enter or Space). */
export function ImageThumbnail({ src, label }: ImageThumbnailProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="thumb" onClick={() => setOpen(true)} aria-label={`Enlarge ${label}`}>
        <img src={src} alt={label} className="thumb__image" />
      </button>
      <Dialog open={open} title={label} onClose={() => setOpen(false)}>
        <img src={src} alt={label} className="thumb__full" />
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

/** A stored upload by id: its thumbnail (click to enlarge), or the empty text. */
export function UploadedImage({ id, label, emptyText }: UploadedImageProps) {
  const { data, isLoading, isError } = useGetUploadFileQuery(id ?? '', { skip: !id });
  if (!id) return <p className="muted">{emptyText}</p>;
  if (isLoading) return <Spinner label={`Loading ${label}...`} />;
  if (isError || !data) return <p className="muted">{label} was uploaded but cannot be shown right now.</p>;
  return <ImageThumbnail src={data.url} label={label} />;
}
