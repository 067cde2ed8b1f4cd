import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DocumentUploader } from './document-uploader';

const CHOOSE = 'Please choose a JPEG, PNG, GIF or WebP image';

function Harness({ onChange }: { onChange: (files: File[]) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <DocumentUploader
      label="Documents"
      files={files}
      onChange={(next) => {
        setFiles(next);
        onChange(next);
      }}
    />
  );
}

describe('DocumentUploader', () => {
  it('offers exactly JPEG, PNG, GIF and WebP and names them before anything is picked', () => {
    render(<Harness onChange={jest.fn()} />);
    expect(screen.getByLabelText('Documents')).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');
    expect(screen.getByText('JPEG, PNG, GIF or WebP images only, up to 5MB each, 5 files at most.')).toBeInTheDocument();
  });

  it('refuses a HEIC photo at once, by its type or, when the browser gives none, by its extension; keeps the good ones', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Documents'), [
      new File(['heic'], 'IMG_0042.HEIC', { type: 'image/heic' }),
      new File(['png'], 'id.png', { type: 'image/png' }),
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent(`IMG_0042.HEIC is not a supported image. ${CHOOSE}`);
    expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'id.png' })]);

    // Dropped from a desktop that knows no type for HEIC.
    const dropped = new File(['heic'], 'photo.heic', { type: '' });
    const zone = screen.getByText(/Drag and drop images here/).closest('div');
    if (!zone) throw new Error('no drop zone');
    fireEvent.drop(zone, { dataTransfer: { files: [dropped] } });
    expect(await screen.findByText(`photo.heic is not a supported image. ${CHOOSE}`)).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Remove id.png' })).toBeInTheDocument();
  });
});
