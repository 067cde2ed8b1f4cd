import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StubCall } from '../../../test/fetch-stub';
import { aRequest, aRoute, FakeGeolocation, IDS, jobOf, renderTracking } from '../tracking.test-kit';
import { cancelReasonOf } from './cancel-job-dialog';
import { ProviderJobView } from './provider-job-view';

const REQ = `/api/service-requests/${IDS.request}`;

function setup(put: (call: StubCall) => { status?: number; json?: unknown }) {
  const request = aRequest();
  return renderTracking({
    role: 'provider',
    path: `/provider/tracking/${IDS.request}`,
    routePath: '/provider/tracking/:id',
    element: <ProviderJobView requestId={IDS.request} positionSource={new FakeGeolocation()} />,
    api: {
      [`GET ${REQ}`]: { json: { data: request } },
      [`PUT ${REQ}`]: put,
      [`GET /api/dispatch/jobs/${IDS.request}`]: { json: { data: jobOf(request) } },
      'GET /api/settings': { json: { data: { mapboxKey: null } } },
      'GET /api/geo/route': { json: { data: aRoute(7) } },
    },
  });
}

describe('the provider cancels an accepted job', () => {
  it('asks for a reason (Other needs words), sends it with the cancel and returns to the dashboard', async () => {
    const h = setup((call) => ({ json: { data: aRequest({ tireStatus: 'Cancelled', cancelledByRole: 'provider', cancelReason: (call.body as { data: { cancelReason: string } }).data.cancelReason }) } }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel job' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel job' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please choose a reason.');
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel job' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please tell the customer why.');
    await user.type(within(dialog).getByLabelText('Your reason'), 'Flat on my own van');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel job' }));
    await waitFor(() => expect(h.fetchStub.callsTo(`PUT ${REQ}`)).toHaveLength(1));
    expect(h.fetchStub.callsTo(`PUT ${REQ}`)[0]?.body).toEqual({ data: { tireStatus: 'Cancelled', cancelReason: 'Flat on my own van' } });
    await waitFor(() => expect(h.router.state.location.pathname).toBe('/provider/dashboard'));
    expect(screen.getByText('The customer has been told and can post the request again.')).toBeInTheDocument();
    h.fetchStub.restore();
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const h = setup(() => ({
      status: 409,
      json: { error: { status: 409, code: 'CONFLICT', message: 'You reported the job completed: it can no longer be cancelled. Contact support to dispute it.' } },
    }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel job' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this job?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Vehicle breakdown' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel job' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('it can no longer be cancelled');
    expect(h.router.state.location.pathname).toBe(`/provider/tracking/${IDS.request}`);
    // Escape keeps the job.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    h.fetchStub.restore();
  });

  it('does not offer a cancel once the completion is reported', async () => {
    const h = setup(() => ({ json: {} }));
    await screen.findByRole('button', { name: 'I AM HERE' });
    await waitFor(() => expect(h.socket.connected).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'I AM HERE' }));
    await userEvent.click(await screen.findByRole('button', { name: 'JOB COMPLETED' }));
    await screen.findByText('Waiting for the customer to confirm the job.');
    expect(screen.queryByRole('button', { name: 'Cancel job' })).not.toBeInTheDocument();
    h.fetchStub.restore();
  });

  it('checks the reason', () => {
    expect(cancelReasonOf('', '')).toEqual({ ok: false, error: 'Please choose a reason.' });
    expect(cancelReasonOf('Emergency', 'ignored')).toEqual({ ok: true, reason: 'Emergency' });
    expect(cancelReasonOf('Other', '  ')).toMatchObject({ ok: false });
    expect(cancelReasonOf('Other', 'x'.repeat(301))).toMatchObject({ ok: false });
  });
});
