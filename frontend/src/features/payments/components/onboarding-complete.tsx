import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { useToast } from '../../../shared/toast/use-toast';
import { Card } from '../../../shared/ui/card';
import { Spinner } from '../../../shared/ui/status';
import { paymentsApi, useCompleteOnboardingMutation } from '../api';
import { useAppDispatch } from '../../../app/hooks';
import { useCountdown } from '../hooks/use-countdown';

/** Seconds before the page goes back to /provider/settings (spec: 5). */
export const SETUP_REDIRECT_SECONDS = 5;

export const COMPLETE_TEXT = {
  title: 'Completing Setup',
  waiting: 'Please wait while we complete your Stripe account setup...',
  failedTitle: 'Setup Failed',
  noAccountId: 'No account ID found',
  noRecord: 'No stripe record found',
  redirecting: (n: number) => `Setup completed! Redirecting in ${n} seconds...`,
} as const;

export const COMPLETE_TOASTS = {
  success: { title: 'Success', description: 'Your Stripe account has been connected successfully!' },
  failed: { title: 'Error', description: 'Failed to complete Stripe setup. Please try again.', variant: 'destructive' },
} as const;

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
  const [complete] = useCompleteOnboardingMutation();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const started = useRef(false);

  useEffect(() => {
    // Once per mount (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => {
      toast(COMPLETE_TOASTS.failed);
      setPhase({ kind: 'failed', message });
    };
    if (!providerId) return fail(COMPLETE_TEXT.noAccountId);
    void (async () => {
      let accountId: string | null = null;
      try {
        const records = await dispatch(paymentsApi.endpoints.listPaymentAccounts.initiate(providerId, { forceRefetch: true, subscribe: false })).unwrap();
        accountId = records[0]?.stripeAccountId ?? null;
      } catch (err) {
        return fail(errorMessage(err, COMPLETE_TEXT.noRecord));
      }
      if (!accountId) return fail(COMPLETE_TEXT.noRecord);
      try {
        await complete(accountId).unwrap();
        toast(COMPLETE_TOASTS.success);
        setPhase({ kind: 'done' });
      } catch (err) {
        fail(errorMessage(err, 'Failed to complete Stripe setup. Please try again.'));
      }
    })();
  }, [providerId, complete, dispatch, toast]);

  const seconds = useCountdown(SETUP_REDIRECT_SECONDS, phase.kind !== 'loading', () => void navigate('/provider/settings', { replace: true }));

  return (
    <Card className="setup-complete">
      {phase.kind === 'loading' && (
        <>
          <h2 className="card__title">{COMPLETE_TEXT.title}</h2>
          <p>{COMPLETE_TEXT.waiting}</p>
          <Spinner label="Completing setup..." />
        </>
      )}
      {phase.kind === 'done' && (
        <div role="status">
          <h2 className="card__title">Stripe account connected</h2>
          <p>{COMPLETE_TEXT.redirecting(seconds)}</p>
        </div>
      )}
      {phase.kind === 'failed' && (
        <div role="alert">
          <h2 className="card__title">{COMPLETE_TEXT.failedTitle}</h2>
          <p className="field__error">{phase.message}</p>
          <p className="muted">Returning to payment settings in {seconds} seconds...</p>
        </div>
      )}
      {phase.kind !== 'loading' && (
        <Link to="/provider/settings" className="back-link">
          Go to Payment Settings now
        </Link>
      )}
    </Card>
  );
}
