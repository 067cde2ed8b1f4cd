import { parseBracketQuery } from './bracket-query';

describe('parseBracketQuery', () => {
  it('nests Strapi-style bracket keys', () => {
    expect(
      parseBracketQuery({
        'filters[isApproved][$null]': 'true',
        'pagination[page]': '2',
        'pagination[pageSize]': '10',
        populate: '*',
      }),
    ).toEqual({ filters: { isApproved: { $null: 'true' } }, pagination: { page: '2', pageSize: '10' }, populate: '*' });
  });

  it('keeps repeated values and empty trailing brackets as lists', () => {
    expect(parseBracketQuery({ 'populate[]': ['user', 'role'] })).toEqual({ populate: ['user', 'role'] });
  });

  it('drops prototype-polluting segments', () => {
    const out = parseBracketQuery({ '__proto__[polluted]': 'yes', 'a[constructor][x]': '1', ok: '1' });
    expect(out).toEqual({ ok: '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leaves malformed keys flat', () => {
    expect(parseBracketQuery({ 'a[b': '1', 'c]d': '2' })).toEqual({ 'a[b': '1', 'c]d': '2' });
  });

  it('a later scalar does not crash an earlier object', () => {
    expect(parseBracketQuery({ 'a[b]': '1', a: '2' })).toEqual({ a: '2' });
  });
});
