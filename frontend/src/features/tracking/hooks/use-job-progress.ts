import type { JobView, ServiceRequestView } from '@tiredash/contracts';
import { useEffect, useReducer } from 'react';
import { initialJobProgress, jobProgressReducer, stageOf } from '../job-progress.reducer';

/** The job's progress: the request's (and job's) state when loaded, then moved on by socket events. */
export function useJobProgress(request: ServiceRequestView, job: JobView | undefined) {
  const [state, dispatch] = useReducer(jobProgressReducer, initialJobProgress, (init) =>
    jobProgressReducer(init, { type: 'hydrated', stage: stageOf(request) }),
  );
  const stage = stageOf(request, job);
  const lat = job?.latest?.lat ?? null;
  const lng = job?.latest?.lng ?? null;
  const at = job?.latest ? Date.parse(job.latest.at) : 0;
  useEffect(() => {
    dispatch({ type: 'hydrated', stage, latest: lat !== null && lng !== null ? { lat, lng, at } : null });
  }, [stage, lat, lng, at]);
  return [state, dispatch] as const;
}
