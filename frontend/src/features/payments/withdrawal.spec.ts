import { QUICK_AMOUNTS, validateWithdrawal, WITHDRAWAL_TOASTS } from './withdrawal';

describe('validateWithdrawal', () => {
  it.each(['', '   ', 'abc', '0', '4.99', '-10'])("refuses %p as 'Invalid Amount' / minimum $5.00", (input) => {
    expect(validateWithdrawal(input, 100)).toEqual({ ok: false, problem: { title: 'Invalid Amount', message: 'Minimum withdrawal amount is $5.00' } });
  });

  it("refuses less than the minimum of the admin's settings with that minimum in the message", () => {
    expect(validateWithdrawal('19.99', 100, 20)).toEqual({ ok: false, problem: { title: 'Invalid Amount', message: 'Minimum withdrawal amount is $20.00' } });
    expect(validateWithdrawal('20', 100, 20)).toEqual({ ok: true, cents: 2000 });
    expect(validateWithdrawal('1', 100, 1)).toEqual({ ok: true, cents: 100 });
  });

  it("refuses more than the balance as 'Insufficient Balance'", () => {
    expect(validateWithdrawal('80.01', 80)).toEqual({
      ok: false,
      problem: { title: 'Insufficient Balance', message: "You don't have enough funds for this withdrawal." },
    });
    // The minimum is checked first: $4 against a $3 balance is an invalid amount.
    expect(validateWithdrawal('4', 3)).toMatchObject({ problem: { title: 'Invalid Amount' } });
  });

  it('accepts $5 up to the whole balance and answers cents without float drift', () => {
    expect(validateWithdrawal('5', 5)).toEqual({ ok: true, cents: 500 });
    expect(validateWithdrawal('80', 80)).toEqual({ ok: true, cents: 8000 });
    expect(validateWithdrawal(' 19.99 ', 20)).toEqual({ ok: true, cents: 1999 });
    expect(validateWithdrawal('0.1', 100)).toMatchObject({ ok: false });
    expect(validateWithdrawal('10.07', 100)).toEqual({ ok: true, cents: 1007 });
  });

  it('offers the quick amounts 10, 25, 50, 100 and words the toasts as the spec does', () => {
    expect(QUICK_AMOUNTS).toEqual([10, 25, 50, 100]);
    expect(WITHDRAWAL_TOASTS.success(25)).toEqual({ title: 'Withdrawal Successful', description: '$25.00 has been withdrawn from your wallet.' });
    expect(WITHDRAWAL_TOASTS.failed()).toMatchObject({
      title: 'Withdrawal Failed',
      description: 'There was an error processing your withdrawal. Please try again.',
    });
  });
});
