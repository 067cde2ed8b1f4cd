import type { ProgressStep } from '../job-progress.reducer';

/** The job's steps as an ordered list; each says whether it is done (for screen readers too). */
export function ProgressSteps({ steps, label }: { steps: ProgressStep[]; label: string }) {
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
          <span className="progress-steps__label">{step.label}</span>
          <span className="visually-hidden">{step.done ? ' (done)' : ' (pending)'}</span>
        </li>
      ))}
    </ol>
  );
}

/** The status label (En Route, Arrived, Completed), announced when it changes. */
export function JobStatusLabel({ status }: { status: string }) {
  return (
    <p className="job-status">
      Status:{' '}
      <span className={`status-badge status-badge--${status.toLowerCase().replace(/\s+/g, '-')}`} role="status" aria-live="polite" aria-label={`Status: ${status}`}>
        {status}
      </span>
    </p>
  );
}
