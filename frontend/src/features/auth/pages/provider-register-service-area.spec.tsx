import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

const USER_ID = '00000000-0000-4000-8000-0000000000e1';

async function fillApplication(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/Full Name/), 'Pat Provider');
  await user.type(screen.getByLabelText(/^Email/), 'pat@tires.example');
  await user.type(screen.getByLabelText(/^Phone/), '555-010-3000');
  await user.type(screen.getByLabelText(/Years of Experience/), '7');
  await user.type(screen.getByLabelText(/Business Name/), 'Pat Mobile Tires');
  await user.type(screen.getByLabelText(/Service Radius/), '25');
  await user.type(screen.getByLabelText(/Hourly Rate/), '80');
  await user.type(screen.getByLabelText(/^Password/), 'correct-horse');
  await user.type(screen.getByLabelText(/Confirm Password/), 'correct-horse');
  await user.click(screen.getByRole('checkbox', { name: 'Flat Tire Repair' }));
}

describe('the service address of a provider application', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it('geocodes a typed address and sends it with its coordinates as the base location', async () => {
    api = stubFetch({
      'GET /api/geo/search': { json: { data: [{ display_name: '350 5th Ave, New York, NY', lat: 40.7484, lon: -73.9857 }] } },
      'POST /api/auth/local/register': { json: { jwt: 'new-provider-token', user: { id: USER_ID, email: 'pat@tires.example' } } },
      'POST /api/providers': { status: 201, json: { data: { documentId: '00000000-0000-4000-8000-0000000000b9' } } },
    });
    const user = userEvent.setup();
    renderApp('/provider/register');
    await fillApplication(user);
    const address = screen.getByRole('combobox', { name: 'Service Address (optional)' });
    await user.type(address, '350 5th Ave');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(api.callsTo('POST /api/providers')).toHaveLength(1));
    const body = api.callsTo('POST /api/providers')[0]?.body as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({ online: false, serviceArea: { radius: 25, address: '350 5th Ave', lat: 40.7484, lng: -73.9857 } });
    expect(body.data).not.toHaveProperty('location');
  });

  it('stops before creating anything when the address cannot be found, and says what to do', async () => {
    api = stubFetch({ 'GET /api/geo/search': { json: { data: [] } } });
    const user = userEvent.setup();
    renderApp('/provider/register');
    await fillApplication(user);
    const address = screen.getByRole('combobox', { name: 'Service Address (optional)' });
    await user.type(address, 'Nowhere at all 999');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('We could not find this address. Pick one of the suggestions or use your current location.')).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/auth/local/register')).toHaveLength(0);
    expect(api.callsTo('POST /api/providers')).toHaveLength(0);
  });
});
