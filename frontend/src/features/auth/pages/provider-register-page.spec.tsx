import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';

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
}

describe('ProviderRegisterPage', () => {
  it('has the five sections of the application', async () => {
    renderApp('/provider/register');
    for (const section of ['Personal Information', 'Business Information', 'Services You Offer', 'Required Documents', 'Account Security']) {
      expect(await screen.findByRole('group', { name: section })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('group', { name: 'Services You Offer' })).getAllByRole('checkbox')).toHaveLength(6);
    expect(screen.getByText(/within 24 hours/, { selector: '.lead' })).toBeInTheDocument();
  });

  it('shows the Service Types Required toast when no service is selected', async () => {
    const user = userEvent.setup();
    const { store } = renderApp('/provider/register');
    await fillApplication(user);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Service Types Required');
    expect(toast).toHaveTextContent('Please select at least one service type you offer.');
    expect(Object.values(store.getState().api.mutations)).toHaveLength(0);
  });

  it('checks the password match before the service types', async () => {
    const user = userEvent.setup();
    renderApp('/provider/register');
    await fillApplication(user);
    await user.type(screen.getByLabelText(/Confirm Password/), 'x');
    await user.click(screen.getByRole('checkbox', { name: 'Wheel Balancing' }));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password Mismatch');
  });

  it('refuses a document that is not an image', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/provider/register');
    const input = await screen.findByLabelText('Government ID');
    await user.upload(input, new File(['%PDF'], 'id.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('id.pdf is not an image file')).toBeInTheDocument();
    await user.upload(input, new File(['img'], 'id.png', { type: 'image/png' }));
    expect(await screen.findByRole('button', { name: 'Remove id.png' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove id.png' }));
    expect(screen.queryByRole('button', { name: 'Remove id.png' })).not.toBeInTheDocument();
  });

  it('offers only JPEG, PNG, GIF and WebP, and refuses a HEIC photo with what to choose instead, before any upload', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { store } = renderApp('/provider/register');
    const input = await screen.findByLabelText('Government ID');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');
    expect(screen.getByText(/^JPEG, PNG, GIF or WebP images only, up to 5MB each and 5 files in all\./)).toBeInTheDocument();
    await user.upload(input, new File(['heic'], 'IMG_0042.HEIC', { type: 'image/heic' }));
    expect(await screen.findByText('IMG_0042.HEIC is not a supported image. Please choose a JPEG, PNG, GIF or WebP image')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove IMG_0042.HEIC' })).not.toBeInTheDocument();
    expect(Object.values(store.getState().api.mutations)).toHaveLength(0);
  });
});
