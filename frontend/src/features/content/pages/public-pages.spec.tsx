import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { deferred, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { DEFAULT_CAREERS } from '../page-defaults';

const metaDescription = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? '';

describe('public content pages', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it("shows 'Loading...' until the careers content arrives, then the built-in positions for an empty list", async () => {
    const reply = deferred<{ json: unknown }>();
    api = stubFetch({ 'GET /api/careers': () => reply.promise });
    renderApp('/careers');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    reply.resolve({ json: { data: { introText: '', positions: [], updatedAt: null } } });
    const section = (await screen.findByRole('heading', { name: 'Open Positions' })).parentElement as HTMLElement;
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/./, { selector: '.list__title' }).textContent)).toEqual(DEFAULT_CAREERS.positions.map((p) => p.title));
    expect(screen.getByText(DEFAULT_CAREERS.introText)).toBeInTheDocument();
    expect(document.title).toBe('Careers | TireDash');
    expect(metaDescription()).toMatch(/open positions/i);
  });

  it("lists the server's positions when it has some", async () => {
    api = stubFetch({ 'GET /api/careers': { json: { data: { introText: 'Work with us', positions: [{ title: 'Tire Technician', location: 'Denver, CO' }], updatedAt: null } } } });
    renderApp('/careers');
    expect(await screen.findByText('Tire Technician')).toBeInTheDocument();
    expect(screen.getByText('Denver, CO')).toBeInTheDocument();
    expect(screen.queryByText(DEFAULT_CAREERS.positions[0].title)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /careers@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  });

  it('renders the About HTML from the server and the contact links', async () => {
    api = stubFetch({
      'GET /api/about': { json: { data: { headerText: 'Our Story', infoText: '<p>Founded by <strong>tire people</strong>.</p>', updatedAt: null } } },
      'GET /api/contact': { json: { data: { email: 'help@example.com', phone: '(555) 010-0123', address: '', updatedAt: null } } },
    });
    const about = renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Story' })).toBeInTheDocument();
    expect(screen.getByText('tire people').tagName).toBe('STRONG');
    expect(metaDescription().length).toBeGreaterThan(20);
    about.unmount();

    renderApp('/contact');
    expect(await screen.findByRole('link', { name: 'help@example.com' })).toHaveAttribute('href', 'mailto:help@example.com');
    expect(screen.getByRole('link', { name: '(555) 010-0123' })).toHaveAttribute('href', 'tel:5550100123');
    expect(screen.getByRole('img', { name: /Map showing/ })).toBeInTheDocument();
  });

  it('falls back to the built-in privacy text when the server has none, and shows the three FAQs', async () => {
    api = stubFetch({ 'GET /api/privacy-policy': { json: { data: { text: '', updatedAt: null } } } });
    const privacy = renderApp('/privacy-policy');
    expect(await screen.findByRole('heading', { name: 'Information We Collect' })).toBeInTheDocument();
    privacy.unmount();
    renderApp('/help-center');
    expect(await screen.findByText('How do I book a tire service?')).toBeInTheDocument();
    expect(document.querySelectorAll('details')).toHaveLength(3);
  });
});
