import { useMessages } from '../../../shared/i18n/i18n';
import { trackingStepsMessages, trackingStatusMessages } from '../../../shared/i18n/locales/en/tracking';
import type { ProgressStep, StatusLabel } from '../job-progress.reducer';

/** The job's steps as an ordered list; each says whether it is done (for screen readers too). */
export function ProgressSteps({ steps, label }: { steps: ProgressStep[]; label: string }) {
  const tSteps = useMessages(trackingStepsMessages);
  const current = steps.findIndex((s) => !s.done);
  return (
    <ol className="progress-steps" aria-label={label}>
      {steps.map((step, index) => (
        <li
          key={step.label}
          className={`progress-steps__item${step.done ? ' progress-steps__item--done' : ''}${index === current ? ' progress-steps__item--current' : ''}`}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className="progress-steps__mark" aria-hidden="true">
            {step.done ? '✓' : index + 1}
          </span>
          <span className="progress-steps__label">{tSteps[step.label]}</span>
          <span className="visually-hidden">{step.done ? tSteps.done : tSteps.pending}</span>
        </li>
      ))}
    </ol>
  );
}

/** The status label (En Route, Arrived, Completed), announced when it changes; shown in the current language. */
export function JobStatusLabel({ status }: { status: StatusLabel | 'Canceled' }) {
  const tStatus = useMessages(trackingStatusMessages);
  const shown = tStatus[status];
  return (
    <p className="job-status">
      {tStatus.label}{' '}
      <span className={`status-badge status-badge--${status.toLowerCase().replace(/\s+/g, '-')}`} role="status" aria-live="polite" aria-label={tStatus.aria({ status: shown })}>
        {shown}
      </span>
    </p>
  );
}
