import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { tokenReceived } from '../../auth/auth.slice';
import { aRequest } from '../../tracking/tracking.test-kit';
import { RequestSummary } from './request-summary';

const PHOTO = '00000000-0000-4000-8000-0000000000f1';
const OTHER = '00000000-0000-4000-8000-0000000000f2';
const signed = (n: number) => `/api/uploads/${PHOTO}/flat.png?expires=${1_900_000_000 + n}&signature=sig${n}`;

function renderSummary(photos: { id: string; url: string | null }[]) {
  const store = makeStore();
  store.dispatch(tokenReceived('customer-token'));
  render(
    <Provider store={store}>
      <RequestSummary request={aRequest({ photos }) as never} />
    </Provider>,
  );
}

/** Request photos are private: shown from the signed URLs the API gave this viewer, renewed once when expired. */
describe('RequestSummary photos', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it('shows only the photos the API gave a URL for, and asks once for a fresh link when one expired', async () => {
    let n = 1;
    api = stubFetch({ [`GET /api/upload/files/${PHOTO}`]: () => ({ json: { id: PHOTO, documentId: PHOTO, url: signed(++n) } }) });
    renderSummary([
      { id: PHOTO, url: signed(1) },
      // A photo this viewer may not see comes without a URL: nothing is shown for it.
      { id: OTHER, url: null },
    ]);
    const photo = screen.getByRole('img', { name: 'Tire photo' });
    expect(photo).toHaveAttribute('src', signed(1));
    expect(screen.getAllByRole('img', { name: 'Tire photo' })).toHaveLength(1);

    fireEvent.error(photo);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Tire photo' })).toHaveAttribute('src', signed(2)));
    fireEvent.error(screen.getByRole('img', { name: 'Tire photo' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo(`GET /api/upload/files/${PHOTO}`)).toHaveLength(1);
    expect(api.callsTo(`GET /api/upload/files/${PHOTO}`)[0]?.request.headers.get('authorization')).toBe('Bearer customer-token');
  });
});
