import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';

describe('LoginPage', () => {
  it('switches between the Customer and Provider tabs by click and by keyboard', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    const customerTab = await screen.findByRole('tab', { name: 'Customer' });
    const providerTab = screen.getByRole('tab', { name: 'Provider' });
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(customerTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Sign In as Customer');

    await user.click(providerTab);
    expect(providerTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Sign In as Provider');
    expect(screen.queryByRole('button', { name: 'Sign In as Customer' })).not.toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(customerTab).toHaveAttribute('aria-selected', 'true');
    expect(customerTab).toHaveFocus();
    await user.keyboard('{End}');
    expect(providerTab).toHaveFocus();
    expect(providerTab).toHaveAttribute('aria-selected', 'true');
  });

  it('labels email and password and requires both', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    const panel = within(await screen.findByRole('tabpanel'));
    await user.click(panel.getByRole('button', { name: 'Sign In as Customer' }));
    expect(panel.getByLabelText(/Email/)).toHaveAccessibleDescription('Email is required');
    expect(panel.getByLabelText(/Password/)).toHaveAccessibleDescription('Password is required');
  });

  it('reaches the Admin login card without a tab trigger', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    expect(screen.queryByRole('tab', { name: /admin/i })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'Admin sign in' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In as Admin' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('links to registration and home', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Create a customer account' })).toHaveAttribute('href', '/customer/register');
    expect(screen.getAllByRole('link', { name: 'Back to Home' })[0]).toHaveAttribute('href', '/');
  });

  it('shows Login Failed and stays signed out when the API cannot be reached', async () => {
    const user = userEvent.setup();
    const { store, router } = renderApp('/login');
    const panel = within(await screen.findByRole('tabpanel'));
    await user.type(panel.getByLabelText(/Email/), 'casey@example.com');
    await user.type(panel.getByLabelText(/Password/), 'correct-horse');
    await user.click(panel.getByRole('button', { name: 'Sign In as Customer' }));
    const toast = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(toast).toHaveTextContent('Login Failed');
    expect(toast).toHaveTextContent('Invalid email or password. Please try again.');
    expect(store.getState().auth.token).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });
});
