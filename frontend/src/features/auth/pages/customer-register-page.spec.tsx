import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';

describe('CustomerRegisterPage', () => {
  it('shows the Password Mismatch toast and sends nothing when the passwords differ', async () => {
    const user = userEvent.setup();
    const { store, router } = renderApp('/customer/register');
    await user.type(await screen.findByLabelText(/Full Name/), 'Casey Customer');
    await user.type(screen.getByLabelText(/^Email/), 'casey@example.com');
    await user.type(screen.getByLabelText(/^Phone/), '+1 555 010 2000');
    await user.type(screen.getByLabelText(/^Password/), 'correct-horse');
    await user.type(screen.getByLabelText(/Confirm Password/), 'correct-horsf');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Password Mismatch');
    expect(toast).toHaveTextContent('Passwords do not match. Please try again.');
    const mutations = Object.values(store.getState().api.mutations);
    expect(mutations).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/customer/register');
  });

  it('shows the required-field messages inline', async () => {
    const user = userEvent.setup();
    renderApp('/customer/register');
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect(screen.getByLabelText(/Full Name/)).toHaveAccessibleDescription('Full name is required');
    expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription('Phone is required');
    expect(screen.getByLabelText(/Confirm Password/)).toHaveAccessibleDescription('Please confirm your password');
    expect(screen.queryByText('Password Mismatch')).not.toBeInTheDocument();
  });
});
