import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { useMessages } from '../../../shared/i18n/i18n';
import { paymentsCompleteMessages } from '../../../shared/i18n/locales/en/payments';
import { useToast } from '../../../shared/toast/use-toast';
import { Card } from '../../../shared/ui/card';
import { Spinner } from '../../../shared/ui/status';
import { paymentsApi, useCompleteOnboardingMutation } from '../api';
import { useAppDispatch } from '../../../app/hooks';
import { useCountdown } from '../hooks/use-countdown';

/** Seconds before the page goes back to /provider/settings (spec: 5). */
export const SETUP_REDIRECT_SECONDS = 5;

/** The toasts of the onboarding return, worded in the language shown when they are made. */
export function completeToasts(t = paymentsCompleteMessages.get()) {
  return {
    success: { title: t.successTitle, description: t.success },
    failed: { title: t.errorTitle, description: t.failed, variant: 'destructive' },
  } as const;
}

type Phase = { kind: 'loading' } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * /provider/complete?providerId=: Stripe's onboarding returns here. The provider's payment record gives the
 * account id; completing reads the account at Stripe, stores its bank fields and marks the record active.
 * Success counts down from 5 and goes to /provider/settings; failure shows 'Setup Failed' and goes there too.
 */
export function OnboardingComplete({ providerId }: { providerId: string | null }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { toast } = useToast();
  const t = useMessages(paymentsCompleteMessages);
  const [complete] = useCompleteOnboardingMutation();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const started = useRef(false);

  useEffect(() => {
    // Once per mount (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    const text = paymentsCompleteMessages.get();
    const fail = (message: string) => {
      toast(completeToasts(text).failed);
      setPhase({ kind: 'failed', message });
    };
    if (!providerId) return fail(text.noAccountId);
    void (async () => {
      let accountId: string | null = null;
      try {
        const records = await dispatch(paymentsApi.endpoints.listPaymentAccounts.initiate(providerId, { forceRefetch: true, subscribe: false })).unwrap();
        accountId = records[0]?.stripeAccountId ?? null;
      } catch (err) {
        return fail(errorMessage(err, text.noRecord));
      }
      if (!accountId) return fail(text.noRecord);
      try {
        await complete(accountId).unwrap();
        toast(completeToasts(text).success);
        setPhase({ kind: 'done' });
      } catch (err) {
        fail(errorMessage(err, text.failed));
      }
    })();
  }, [providerId, complete, dispatch, toast]);

  const seconds = useCountdown(SETUP_REDIRECT_SECONDS, phase.kind !== 'loading', () => void navigate('/provider/settings', { replace: true }));

  return (
    <Card className="setup-complete">
      {phase.kind === 'loading' && (
        <>
          <h2 className="card__title">{t.title}</h2>
          <p>{t.waiting}</p>
          <Spinner label={t.completing} />
        </>
      )}
      {phase.kind === 'done' && (
        <div role="status">
          <h2 className="card__title">{t.connected}</h2>
          <p>{t.redirecting(seconds)}</p>
        </div>
      )}
      {phase.kind === 'failed' && (
        <div role="alert">
          <h2 className="card__title">{t.failedTitle}</h2>
          <p className="field__error">{phase.message}</p>
          <p className="muted">{t.returning(seconds)}</p>
        </div>
      )}
      {phase.kind !== 'loading' && (
        <Link to="/provider/settings" className="back-link">
          {t.goNow}
        </Link>
      )}
    </Card>
  );
}
