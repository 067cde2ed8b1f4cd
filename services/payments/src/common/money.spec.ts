import { CARD_FEE_CENTS, MIN_WITHDRAWAL_CENTS, providerShareCents } from './money';

describe('money rules', () => {
  it('gives the provider 80% of the job amount in whole cents', () => {
    expect(providerShareCents(10000)).toBe(8000);
    expect(providerShareCents(12345)).toBe(9876);
    expect(providerShareCents(1)).toBe(1);
  });
  it('gives the provider (100 - commission)% for the commission in force', () => {
    expect(providerShareCents(10000, 15)).toBe(8500);
    expect(providerShareCents(12345, 15)).toBe(10493);
    expect(providerShareCents(10000, 0)).toBe(10000);
    expect(providerShareCents(10000, 50)).toBe(5000);
  });
  it('has the $10 card fee and the $5 minimum withdrawal in cents', () => {
    expect(CARD_FEE_CENTS).toBe(1000);
    expect(MIN_WITHDRAWAL_CENTS).toBe(500);
  });
});
