import type { ServiceRequestView } from '@tiredash/contracts';
import {
  canReportCompletion,
  customerStatusLabel,
  initialJobProgress,
  jobProgressReducer,
  progressSteps,
  providerStatusLabel,
  stageOf,
  TRAIL_LIMIT,
  type JobProgressState,
} from './job-progress.reducer';

type StageFields = Pick<ServiceRequestView, 'tireStatus' | 'arrivedAt' | 'completedAt' | 'confirmedAt'>;
const req = (over: Partial<StageFields>): StageFields => ({ tireStatus: 'Accepted', arrivedAt: null, completedAt: null, confirmedAt: null, ...over });

describe('job progress', () => {
  it('runs En Route -> Arrived -> Completed for the customer on provider_arrived and job_completed', () => {
    let s: JobProgressState = initialJobProgress;
    expect(customerStatusLabel(s.stage)).toBe('En Route');
    s = jobProgressReducer(s, { type: 'arrived' });
    expect(customerStatusLabel(s.stage)).toBe('Arrived');
    s = jobProgressReducer(s, { type: 'completionReported' });
    expect(customerStatusLabel(s.stage)).toBe('Completed');
  });

  it('shows Completed to the provider only once the customer confirmed', () => {
    let s = jobProgressReducer(initialJobProgress, { type: 'arrived' });
    s = jobProgressReducer(s, { type: 'completionReported' });
    expect(providerStatusLabel(s.stage)).toBe('Arrived');
    s = jobProgressReducer(s, { type: 'confirmed' });
    expect(providerStatusLabel(s.stage)).toBe('Completed');
  });

  it('never moves backwards (a late page load after an event)', () => {
    const s = jobProgressReducer(jobProgressReducer(initialJobProgress, { type: 'arrived' }), { type: 'hydrated', stage: 'en-route' });
    expect(s.stage).toBe('arrived');
  });

  it('marks the steps done in order, with the provider naming the last one Service Complete', () => {
    expect(progressSteps('en-route', 'customer')).toEqual([
      { label: 'Request Accepted', done: true },
      { label: 'Arrived', done: false },
      { label: 'Complete', done: false },
    ]);
    expect(progressSteps('arrived', 'provider').map((s) => s.done)).toEqual([true, true, false]);
    expect(progressSteps('completion-reported', 'provider').map((s) => s.label)).toEqual(['Request Accepted', 'Arrived', 'Service Complete']);
    expect(progressSteps('completion-reported', 'provider').every((s) => s.done)).toBe(true);
  });

  it('offers JOB COMPLETED only after arrival and before the report', () => {
    expect(canReportCompletion('en-route')).toBe(false);
    expect(canReportCompletion('arrived')).toBe(true);
    expect(canReportCompletion('completion-reported')).toBe(false);
  });

  it('reads the stage of a loaded request', () => {
    expect(stageOf(req({}))).toBe('en-route');
    expect(stageOf(req({ tireStatus: 'In Progress' }))).toBe('arrived');
    expect(stageOf(req({ tireStatus: 'In Progress', completedAt: '2024-01-01T00:00:00Z' }))).toBe('completion-reported');
    expect(stageOf(req({ tireStatus: 'Service Completed' }))).toBe('confirmed');
    expect(stageOf(req({ tireStatus: 'Cancelled' }))).toBe('cancelled');
  });

  it('moves the position with each plausible point and keeps a bounded trail', () => {
    let s = initialJobProgress;
    for (let i = 0; i < TRAIL_LIMIT + 5; i += 1) s = jobProgressReducer(s, { type: 'located', point: { lat: 37 + i / 1000, lng: -122, at: i } });
    expect(s.position).toEqual({ lat: 37 + (TRAIL_LIMIT + 4) / 1000, lng: -122, at: TRAIL_LIMIT + 4 });
    expect(s.trail).toHaveLength(TRAIL_LIMIT);
    const same = jobProgressReducer(s, { type: 'located', point: { lat: 95, lng: 0, at: 999 } });
    expect(same).toBe(s);
  });
});
