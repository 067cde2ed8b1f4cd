import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app';

describe('NotFoundPage', () => {
  it('shows the 404 page for an unknown path, logs the path and links home', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/no/such/page'));
    const home = screen.getByRole('link', { name: 'Return to Home' });
    expect(home).toHaveAttribute('href', '/');
    await user.click(home);
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findAllByRole('link', { name: 'Book Tire Service' })).not.toHaveLength(0);
    warn.mockRestore();
  });
});
