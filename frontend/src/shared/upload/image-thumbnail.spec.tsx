import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import { stubFetch, type FetchStub } from '../../test/fetch-stub';
import { UploadedImage } from './image-thumbnail';

const DOC = '00000000-0000-4000-8000-0000000000d1';
const signed = (n: number) => `/api/uploads/${DOC}/id.png?expires=${1_900_000_000 + n}&signature=sig${n}`;

function renderImage(id: string | null) {
  render(
    <Provider store={makeStore()}>
      <UploadedImage id={id} label="Business ID" emptyText="No Business ID image uploaded." />
    </Provider>,
  );
}

/** Uploads are private: the image is the signed URL the API answers, renewed when it expires. */
describe('UploadedImage', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it('shows the signed URL the API answers for the upload (thumbnail and enlarged view)', async () => {
    api = stubFetch({ [`GET /api/upload/files/${DOC}`]: { json: { id: DOC, documentId: DOC, url: signed(1) } } });
    renderImage(DOC);
    const thumb = await screen.findByRole('img', { name: 'Business ID' });
    expect(thumb).toHaveAttribute('src', signed(1));
    fireEvent.click(screen.getByRole('button', { name: 'Enlarge Business ID' }));
    expect(screen.getAllByRole('img', { name: 'Business ID' }).map((i) => i.getAttribute('src'))).toEqual([signed(1), signed(1)]);
  });

  it('says the file cannot be shown when the API refuses it (not the owner, an admin or a party: 404)', async () => {
    api = stubFetch({ [`GET /api/upload/files/${DOC}`]: { status: 404, json: { error: { status: 404, code: 'NOT_FOUND', message: 'Upload not found' } } } });
    renderImage(DOC);
    expect(await screen.findByText('Business ID was uploaded but cannot be shown right now.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('asks for a fresh signed URL once when the link expired, and not again while the new one keeps failing', async () => {
    let n = 0;
    api = stubFetch({ [`GET /api/upload/files/${DOC}`]: () => ({ json: { id: DOC, documentId: DOC, url: signed(++n) } }) });
    renderImage(DOC);
    const first = await screen.findByRole('img', { name: 'Business ID' });
    fireEvent.load(first);
    fireEvent.error(first);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Business ID' })).toHaveAttribute('src', signed(2)));
    fireEvent.error(screen.getByRole('img', { name: 'Business ID' }));
    fireEvent.error(screen.getByRole('img', { name: 'Business ID' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo(`GET /api/upload/files/${DOC}`)).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Business ID' })).toHaveAttribute('src', signed(2));
  });
});
