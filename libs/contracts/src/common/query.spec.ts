import { MAX_PAGE, paginationSchema } from './query';

describe('paginationSchema', () => {
  it('defaults and coerces the query strings the client sends', () => {
    expect(paginationSchema.parse(undefined)).toEqual({ page: 1, pageSize: 25 });
    expect(paginationSchema.parse({ page: '3', pageSize: '50' })).toEqual({ page: 3, pageSize: 50 });
  });

  it.each([
    [{ page: '1e300' }, `page must be at most ${MAX_PAGE}`],
    [{ page: '-1' }, 'page must be 1 or more'],
    [{ page: '2.5' }, 'page must be a whole number'],
    [{ page: 'abc' }, 'page must be a whole number'],
    [{ pageSize: 'abc' }, 'pageSize must be a whole number'],
    [{ pageSize: '1000' }, 'pageSize must be at most 100'],
    [{ pageSize: '0' }, 'pageSize must be 1 or more'],
  ])('refuses %j with a clear message', (input, message) => {
    const r = paginationSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([message]);
  });
});
