import { TIP_LIMITS } from '@tiredash/contracts';
import { useState, type FormEvent } from 'react';
import { errorReason } from '../../../shared/api/api-error';
import { formatMoney } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { paymentsTipMessages } from '../../../shared/i18n/locales/en/payments';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { TextField } from '../../../shared/ui/text-field';
import { useGetRequestPaymentQuery, useTipJobMutation } from '../api';
import { checkTip, TIP_PRESETS } from '../tip';

/**
 * The payment summary's tip (issue 13, item 5): shown while payments says the customer may tip this job (`canTip`:
 * the admin's tipping on, a card job paid at the confirmation, no tip yet). Preset amounts or a custom one ($1 to
 * $500, checked here as payments checks it), one confirm; the result is announced in a live region, and the summary's
 * Tip line shows the amount once payments has it.
 */
export function TipSection({ requestId }: { requestId: string }) {
  const t = useMessages(paymentsTipMessages);
  const payment = useGetRequestPaymentQuery(requestId);
  const [tipJob, { isLoading: sending }] = useTipJobMutation();
  const [preset, setPreset] = useState<number | null>(null);
  const [custom, setCustom] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);

  if (!payment.data?.canTip && sent === null) return null;

  const min = formatMoney(TIP_LIMITS.minCents / 100);
  const max = formatMoney(TIP_LIMITS.maxCents / 100);
  const chosen = preset !== null ? { ok: true as const, cents: preset * 100 } : checkTip(custom);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!chosen.ok) {
      setProblem(chosen.problem === 'required' ? t.required : chosen.problem === 'cents' ? t.cents : t.invalid({ min, max }));
      return;
    }
    setProblem(null);
    try {
      const tip = await tipJob({ requestId, amount: chosen.cents }).unwrap();
      setSent(tip.amount);
    } catch (err) {
      const reason = errorReason(err);
      setFailure(reason === 'TIPPING_OFF' ? t.off : reason === 'TIP_ALREADY_GIVEN' ? t.already : t.failed);
    }
  };

  return (
    <Card title={t.title} className="tip" aria-label={t.title}>
      {sent === null && (
        <form onSubmit={(e) => void submit(e)} noValidate className="form tip__form" aria-busy={sending}>
          <p className="muted">{t.intro}</p>
          <div className="row tip__presets" role="group" aria-label={t.presets}>
            {TIP_PRESETS.map((value) => (
              <Button
                key={value}
                size="sm"
                variant={preset === value ? 'primary' : 'outline'}
                aria-pressed={preset === value}
                disabled={sending}
                onClick={() => {
                  setPreset(preset === value ? null : value);
                  setCustom('');
                  setProblem(null);
                }}
              >
                {formatMoney(value)}
              </Button>
            ))}
          </div>
          <TextField
            label={t.custom}
            name="tip"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={custom}
            disabled={sending}
            onChange={(e) => {
              setCustom(e.target.value);
              setPreset(null);
              setProblem(null);
            }}
            hint={t.customHint({ min, max })}
            error={problem}
          />
          <div className="row row--end">
            <Button type="submit" busy={sending}>
              {sending ? t.sending : chosen.ok ? t.submit({ amount: formatMoney(chosen.cents / 100) }) : t.submitNone}
            </Button>
          </div>
        </form>
      )}
      <p role="status" aria-live="polite" className="tip__result">
        {sent !== null ? t.success({ amount: formatMoney(sent) }) : ''}
      </p>
      {failure && (
        <p role="alert" className="field__error">
          {failure}
        </p>
      )}
    </Card>
  );
}
