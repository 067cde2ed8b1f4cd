import { render, waitFor } from '@testing-library/react';
import { act } from 'react';
import { setLanguage } from './i18n/i18n';
import { syncDefaultDescription, usePageDescription } from './page-description';

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

function PublicScreen({ text }: { text: string }) {
  usePageDescription(text);
  return null;
}

describe('the meta description', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  it("is the default in the UI language on screens without their own: index.html's English, then Spanish", async () => {
    stop = syncDefaultDescription();
    expect(description()).toBe('TireDash: on-site tire and wheel service, on demand.');
    act(() => setLanguage('es'));
    await waitFor(() => expect(description()).toBe('TireDash: servicio de neumáticos y ruedas a domicilio, cuando lo necesites.'));
  });

  it("is the page's own while it is shown, whatever the language does; the default (in the language shown) on leaving", async () => {
    stop = syncDefaultDescription();
    const page = render(<PublicScreen text="Answers to common questions." />);
    expect(description()).toBe('Answers to common questions.');
    act(() => setLanguage('es'));
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(description()).toBe('Answers to common questions.');
    page.unmount();
    expect(description()).toBe('TireDash: servicio de neumáticos y ruedas a domicilio, cuando lo necesites.');
  });
});
