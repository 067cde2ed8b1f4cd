import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { stubFetch, type FetchStub, type StubCall } from '../../../test/fetch-stub';
import type { AddressSuggestion } from '../api';
import { ADDRESS_FIELD_MESSAGES, AddressField } from './address-field';

const PLACE = { display_name: '350 5th Ave, New York, NY', lat: 40.7484, lon: -73.9857 };

function renderField() {
  const onPick = jest.fn<void, [AddressSuggestion]>();
  const onSubmit = jest.fn((e: { preventDefault(): void }) => e.preventDefault());
  function Form() {
    const [value, setValue] = useState('');
    return (
      <form onSubmit={onSubmit}>
        <AddressField
          value={value}
          onType={setValue}
          onPick={(s) => {
            setValue(s.display_name);
            onPick(s);
          }}
        />
      </form>
    );
  }
  render(
    <Provider store={makeStore()}>
      <Form />
    </Provider>,
  );
  return { onPick, onSubmit, user: userEvent.setup() };
}

const typing = (c: StubCall): boolean => c.url.searchParams.get('autocomplete') === '1';

describe('AddressField', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it('suggests as the user types when the geocoder allows it (no Search button)', async () => {
    api = stubFetch({ 'GET /api/geo/search': { json: { data: [PLACE], meta: { source: 'geocoder', cached: false, fallback: false } } } });
    const { user, onPick } = renderField();
    await user.type(screen.getByRole('combobox', { name: 'Service Address' }), '350 5th');
    await user.click(await screen.findByRole('option', { name: PLACE.display_name }));
    expect(onPick).toHaveBeenCalledWith(PLACE);
    expect(api.callsTo('GET /api/geo/search').every(typing)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
  });

  it('against a geocoder without autocomplete, looks the address up when the user presses Enter or Search', async () => {
    api = stubFetch({
      'GET /api/geo/search': (c) =>
        typing(c)
          ? { json: { data: [], meta: { source: 'none', cached: false, fallback: false, autocomplete: false } } }
          : { json: { data: [PLACE], meta: { source: 'geocoder', cached: false, fallback: false } } },
    });
    const { user, onPick, onSubmit } = renderField();
    const input = screen.getByRole('combobox', { name: 'Service Address' });
    await user.type(input, '350 5th Ave');
    expect(await screen.findByText(ADDRESS_FIELD_MESSAGES.searchHint)).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    // Enter searches (it does not submit the form).
    await user.keyboard('{Enter}');
    const option = await screen.findByRole('option', { name: PLACE.display_name });
    expect(onSubmit).not.toHaveBeenCalled();
    const explicit = api.callsTo('GET /api/geo/search').filter((c) => !typing(c));
    expect(explicit).toHaveLength(1);
    expect(explicit.map((c) => c.url.searchParams.get('q'))).toEqual(['350 5th Ave']);
    await user.click(option);
    expect(onPick).toHaveBeenCalledWith(PLACE);
    // The Search button does the same.
    await user.clear(input);
    await user.type(input, '1 Nowhere Lane');
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.callsTo('GET /api/geo/search').filter((c) => !typing(c))).toHaveLength(2));
  });

  it('says so when an explicit search finds nothing', async () => {
    api = stubFetch({
      'GET /api/geo/search': (c) => ({ json: { data: [], meta: { source: typing(c) ? 'none' : 'geocoder', cached: false, fallback: false, ...(typing(c) ? { autocomplete: false } : {}) } } }),
    });
    const { user } = renderField();
    await user.type(screen.getByRole('combobox', { name: 'Service Address' }), 'Nowhere at all');
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ADDRESS_FIELD_MESSAGES.noMatch);
  });
});
