import { DEFAULT_HOME_CONTENT, resolveHomeContent } from './home-content';

describe('resolveHomeContent', () => {
  it('has the built-in defaults the spec names', () => {
    const byTitle = Object.fromEntries(DEFAULT_HOME_CONTENT.cards.map((c) => [c.title, c.price]));
    expect(byTitle['Tire Repair']).toBe('100');
    expect(byTitle['Tire Replacement']).toBe('100');
  });

  it('falls back to the defaults for an unusable answer', () => {
    expect(resolveHomeContent(null)).toEqual(DEFAULT_HOME_CONTENT);
    expect(resolveHomeContent({ data: null })).toEqual(DEFAULT_HOME_CONTENT);
    expect(resolveHomeContent('oops')).toEqual(DEFAULT_HOME_CONTENT);
    // A value of the wrong type anywhere makes the whole answer unusable.
    for (const bad of [
      [{ heroHeading1: 'A' }],
      { heroHeading1: 5 },
      { Cards: 'none' },
      { Cards: [null] },
      { Cards: [{ title: 'T', price: { amount: 1 } }] },
      { Cards: [{ title: 7 }] },
      { logo: 'logo.png' },
      { logo: { url: 3 } },
    ]) {
      expect(resolveHomeContent({ data: bad })).toEqual(DEFAULT_HOME_CONTENT);
    }
  });

  it('falls back field by field for empty values', () => {
    const resolved = resolveHomeContent({ data: { heroHeading1: 'Flat?', heroHeading2: '', heroParagraph: null, Cards: [], logo: null } });
    expect(resolved.heroHeading1).toBe('Flat?');
    expect(resolved.heroHeading2).toBe(DEFAULT_HOME_CONTENT.heroHeading2);
    expect(resolved.heroParagraph).toBe(DEFAULT_HOME_CONTENT.heroParagraph);
    expect(resolved.cards).toEqual(DEFAULT_HOME_CONTENT.cards);
    expect(resolved.logoUrl).toBeNull();
  });

  it('uses the server cards and logo when present (bare or wrapped in data)', () => {
    const home = {
      heroHeading1: 'A',
      heroHeading2: 'B',
      heroParagraph: 'C',
      Cards: [{ title: 'Rotation', body: 'Rotate', icon: 'tire', price: 45 }],
      logo: { url: '/uploads/logo.png' },
    };
    for (const raw of [home, { data: home }]) {
      const resolved = resolveHomeContent(raw);
      expect(resolved.cards).toEqual([{ title: 'Rotation', body: 'Rotate', icon: 'tire', price: '45' }]);
      expect(resolved.logoUrl).toBe('/uploads/logo.png');
    }
    // Fields the landing page does not use are ignored; untitled cards are left out.
    const extra = resolveHomeContent({
      ...home,
      seo: { title: 'x' },
      Cards: [{ id: 1, title: 'Rotation', body: null, price: '45' }, { title: '  ' }],
      logo: { url: '/l.png', alt: 'logo' },
    });
    expect(extra.cards).toEqual([{ title: 'Rotation', body: '', icon: '', price: '45' }]);
    expect(extra.logoUrl).toBe('/l.png');
  });
});
