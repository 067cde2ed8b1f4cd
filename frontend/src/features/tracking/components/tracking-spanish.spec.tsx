import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { BASE_LANGUAGE, i18n, setLanguage, type Language } from '../../../shared/i18n/i18n';
import '../../../shared/i18n/locales/en/tracking';
import type { FetchStub } from '../../../test/fetch-stub';
import { aRequest, aRoute, FakeGeolocation, IDS, jobOf, renderTracking } from '../tracking.test-kit';
import { CustomerTrackingView } from './customer-tracking-view';
import { PaymentSummaryView } from './payment-summary-view';
import { ProviderJobView } from './provider-job-view';

// The tracking screens in Spanish (issue 14 item 4): every text of the tracking catalogue whose English differs from
// its Spanish must not show, as text or as a label, once the language is Spanish; the English values the API sends
// (service type, cancel reasons, statuses) are shown translated.

const REQ = `/api/service-requests/${IDS.request}`;
const JOB = `/api/dispatch/jobs/${IDS.request}`;
let stub: FetchStub | null = null;

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

/** The tracking catalogue's English texts that Spanish does not use too, as whole-text patterns ({x}: anything). */
function englishOnly(): RegExp[] {
  const groups = (lang: Language) =>
    Object.entries((i18n.cache[lang] ?? {}) as Record<string, unknown>)
      .filter(([name]) => name.startsWith('tracking/'))
      .flatMap(([, messages]) => texts(messages));
  const spanish = new Set(groups('es'));
  const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return groups(BASE_LANGUAGE)
    .filter((text) => /[A-Za-z]{2}/.test(text) && !spanish.has(text))
    .map((text) => new RegExp(`^${text.trim().split(/\{\w+\}|<\/?\d+>/).map(escape).join('.*')}$`, 's'));
}

/** What the page shows or says: text nodes, labels, titles, placeholders. */
function shown(root: HTMLElement): string[] {
  const out: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.replace(/\s+/g, ' ').trim();
    if (text) out.push(text);
  }
  for (const el of Array.from(root.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))) {
    for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(attr)?.trim();
      if (value) out.push(value);
    }
  }
  return out;
}

function englishIn(root: HTMLElement): string[] {
  const patterns = englishOnly();
  return shown(root).filter((text) => patterns.some((p) => p.test(text)));
}

function render(element: ReactElement, role: 'customer' | 'provider', path: string, request = aRequest()) {
  stub?.restore();
  const harness = renderTracking({
    role,
    path,
    routePath: path,
    element,
    api: {
      [`GET ${REQ}`]: { json: { data: request } },
      [`GET ${JOB}`]: { json: { data: jobOf(request) } },
      'GET /api/settings': { json: { data: { mapboxKey: null } } },
      'GET /api/geo/route': { json: { data: aRoute(9) } },
    },
  });
  stub = harness.fetchStub;
  return harness;
}

describe('the tracking screens in Spanish', () => {
  beforeEach(() => setLanguage('es'));
  afterEach(() => {
    stub?.restore();
    stub = null;
  });

  it('has English texts to look for (the check would pass on nothing otherwise)', () => {
    expect(englishOnly().length).toBeGreaterThan(100);
    expect(englishOnly().some((p) => p.test('Waiting for the customer to confirm the job.'))).toBe(true);
  });

  it("shows the customer's live job, its dialogs and the provider's details in Spanish", async () => {
    const { container, socket } = render(<CustomerTrackingView requestId={IDS.request} />, 'customer', `/tracking/${IDS.request}`);
    await screen.findByRole('heading', { name: 'Seguimiento en vivo' });
    await waitFor(() => expect(socket.connected).toBe(true));
    expect(screen.getByRole('status', { name: 'Estado: En camino' })).toBeInTheDocument();
    expect(await screen.findByText('No se pudo cargar el mapa')).toBeInTheDocument();
    expect(screen.getByText('Reparación de llanta ponchada')).toBeInTheDocument();
    expect(englishIn(container)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Solicitar servicio adicional' }));
    expect(screen.getByRole('dialog', { name: 'Solicitar servicio adicional' })).toBeInTheDocument();
    expect(englishIn(document.body)).toEqual([]);
  });

  it("shows the provider's live job and its cancel dialog in Spanish, before and after 'I AM HERE'", async () => {
    const geo = new FakeGeolocation();
    const { container, socket } = render(<ProviderJobView requestId={IDS.request} positionSource={geo} />, 'provider', `/provider/tracking/${IDS.request}`);
    await screen.findByRole('button', { name: 'YA LLEGUÉ' });
    await waitFor(() => expect(socket.connected).toBe(true));
    expect(englishIn(container)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar trabajo' }));
    expect(screen.getByRole('radio', { name: 'Avería del vehículo' })).toBeInTheDocument();
    expect(englishIn(document.body)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Mantener el trabajo' }));

    await userEvent.click(screen.getByRole('button', { name: 'YA LLEGUÉ' }));
    await screen.findByRole('button', { name: 'TRABAJO TERMINADO' });
    expect(screen.getByRole('status', { name: 'Estado: Llegó' })).toBeInTheDocument();
    expect(englishIn(container)).toEqual([]);
  });

  it('shows the payment summary and the rating form in Spanish', async () => {
    const request = aRequest({ tireStatus: 'Service Completed', confirmedAt: '2030-01-01T11:00:00Z' });
    const { container } = render(<PaymentSummaryView requestId={IDS.request} />, 'customer', `/payment/${IDS.request}`, request);
    await screen.findByRole('heading', { name: 'Resumen del pago' });
    expect(screen.getByText('Servicio terminado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar calificación' })).toBeInTheDocument();
    expect(englishIn(container)).toEqual([]);
  });
});
