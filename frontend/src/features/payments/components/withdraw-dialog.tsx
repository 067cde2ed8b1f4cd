import { useState, type FormEvent } from 'react';
import { formatMoney, formatNumber } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { paymentsWithdrawMessages } from '../../../shared/i18n/locales/en/payments';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/text-field';
import { usePlatformFees } from '../hooks/use-platform-fees';
import { QUICK_AMOUNTS, validateWithdrawal, WITHDRAWAL_TOASTS } from '../withdrawal';

interface WithdrawDialogProps {
  open: boolean;
  /** Available balance in dollars. */
  balance: number;
  busy?: boolean;
  onClose: () => void;
  /** Called with a valid amount in cents. */
  onWithdraw: (cents: number) => void;
}

/** The withdrawal dialog: an amount (quick amounts 10, 25, 50, 100) checked against the spec's rules before it is sent. */
export function WithdrawDialog({ open, balance, busy = false, onClose, onWithdraw }: WithdrawDialogProps) {
  const { toast } = useToast();
  const t = useMessages(paymentsWithdrawMessages);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // The minimum of the admin's settings (payments refuses less with the same message).
  const { minWithdrawal } = usePlatformFees();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateWithdrawal(amount, balance, minWithdrawal);
    if (!checked.ok) {
      setProblem(checked.problem.message);
      toast(WITHDRAWAL_TOASTS.problem(checked.problem));
      return;
    }
    setProblem(null);
    onWithdraw(checked.cents);
  };

  const pick = (value: number) => {
    setAmount(String(value));
    setProblem(null);
  };

  return (
    <Dialog open={open} title={t.title} description={t.available({ amount: formatMoney(balance) })} onClose={onClose}>
      <form onSubmit={submit} noValidate className="withdraw-form">
        <div className="withdraw-form__quick" role="group" aria-label={t.quickAmounts}>
          {QUICK_AMOUNTS.map((value) => (
            <Button
              key={value}
              variant={amount === String(value) ? 'primary' : 'outline'}
              size="sm"
              aria-pressed={amount === String(value)}
              onClick={() => pick(value)}
            >
              {formatNumber(value, { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 })}
            </Button>
          ))}
        </div>
        <TextField
          label={t.amount}
          name="amount"
          type="number"
          inputMode="decimal"
          min={minWithdrawal}
          step="0.01"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setProblem(null);
          }}
          error={problem}
          hint={t.hint({ amount: formatMoney(minWithdrawal) })}
          required
        />
        <div className="row row--end">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t.cancel}
          </Button>
          <Button type="submit" busy={busy}>
            {busy ? t.processing : t.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
