import { databaseOptions, defaultPoolSize } from './data-source-options';

describe('databaseOptions pool size', () => {
  const base = { url: 'postgres://postgres@127.0.0.1:5432/x', schema: 'svc', entities: [], migrations: [] };

  it('defaults to 10, reads DATABASE_POOL_SIZE, refuses nonsense', () => {
    expect(defaultPoolSize({})).toBe(10);
    expect(defaultPoolSize({ DATABASE_POOL_SIZE: '' })).toBe(10);
    expect(defaultPoolSize({ DATABASE_POOL_SIZE: '24' })).toBe(24);
    expect(() => defaultPoolSize({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => defaultPoolSize({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('uses an explicit poolSize over the environment', () => {
    expect(databaseOptions({ ...base, poolSize: 3 })).toMatchObject({ poolSize: 3 });
    expect(databaseOptions(base)).toMatchObject({ poolSize: defaultPoolSize() });
  });
});
