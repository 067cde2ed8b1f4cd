import type { JobView, ServiceRequestView } from '@tiredash/contracts';

/**
 * The live job's progress as both tracking screens see it (spec section 4, job progress): accepted (en route),
 * arrived ('I AM HERE' / provider_arrived), completion reported ('JOB COMPLETED' / job_completed), confirmed by
 * the customer (job_confirmed), or cancelled. Stages only move forward: a late page load never undoes an event.
 */
export type JobStage = 'en-route' | 'arrived' | 'completion-reported' | 'confirmed' | 'cancelled';

const RANK: Record<JobStage, number> = { 'en-route': 0, arrived: 1, 'completion-reported': 2, confirmed: 3, cancelled: 4 };

export interface LivePoint {
  lat: number;
  lng: number;
  /** Epoch ms when the point was received (or recorded, for the job's latest point). */
  at: number;
}

export interface JobProgressState {
  stage: JobStage;
  /** The provider's latest known position. */
  position: LivePoint | null;
  /** Points received on this screen, oldest first (the marker's trail). */
  trail: LivePoint[];
}

export type JobProgressAction =
  | { type: 'hydrated'; stage: JobStage; latest?: LivePoint | null }
  | { type: 'arrived' }
  | { type: 'completionReported' }
  | { type: 'confirmed' }
  | { type: 'cancelled' }
  | { type: 'located'; point: LivePoint };

export const initialJobProgress: JobProgressState = { stage: 'en-route', position: null, trail: [] };

/** How many received points the trail keeps. */
export const TRAIL_LIMIT = 200;

function advance(state: JobProgressState, stage: JobStage): JobProgressState {
  return RANK[stage] > RANK[state.stage] ? { ...state, stage } : state;
}

export function jobProgressReducer(state: JobProgressState, action: JobProgressAction): JobProgressState {
  switch (action.type) {
    case 'hydrated': {
      const next = advance(state, action.stage);
      if (action.latest && (!next.position || action.latest.at > next.position.at)) return { ...next, position: action.latest };
      return next;
    }
    case 'arrived':
      return advance(state, 'arrived');
    case 'completionReported':
      return advance(state, 'completion-reported');
    case 'confirmed':
      return advance(state, 'confirmed');
    case 'cancelled':
      return advance(state, 'cancelled');
    case 'located': {
      const { lat, lng } = action.point;
      if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return state;
      return { ...state, position: action.point, trail: [...state.trail, action.point].slice(-TRAIL_LIMIT) };
    }
  }
}

/** The stage a request (and its job, when loaded) is at when the screen opens. */
export function stageOf(request: Pick<ServiceRequestView, 'tireStatus' | 'arrivedAt' | 'completedAt' | 'confirmedAt'>, job?: Pick<JobView, 'status' | 'arrivedAt' | 'completedAt' | 'confirmedAt'> | null): JobStage {
  // A customer no-show ends the job as a cancelled one (its screens show the no-show's outcome).
  if (request.tireStatus === 'Cancelled' || request.tireStatus === 'Customer No-Show' || job?.status === 'Cancelled') return 'cancelled';
  if (request.tireStatus === 'Service Completed' || request.tireStatus === 'Completed' || request.confirmedAt || job?.confirmedAt) return 'confirmed';
  if (request.completedAt || job?.completedAt || job?.status === 'Completed') return 'completion-reported';
  if (request.tireStatus === 'In Progress' || request.arrivedAt || job?.arrivedAt || job?.status === 'Arrived') return 'arrived';
  return 'en-route';
}

export type StatusLabel = 'En Route' | 'Arrived' | 'Completed';

/** The customer's status label: Completed as soon as the provider reported completion (job_completed). */
export function customerStatusLabel(stage: JobStage): StatusLabel | 'Canceled' {
  switch (stage) {
    case 'en-route':
      return 'En Route';
    case 'arrived':
      return 'Arrived';
    case 'completion-reported':
    case 'confirmed':
      return 'Completed';
    case 'cancelled':
      return 'Canceled';
  }
}

/** The provider's status label: Completed only once the customer confirmed (job_confirmed). */
export function providerStatusLabel(stage: JobStage): StatusLabel | 'Canceled' {
  switch (stage) {
    case 'en-route':
      return 'En Route';
    case 'arrived':
    case 'completion-reported':
      return 'Arrived';
    case 'confirmed':
      return 'Completed';
    case 'cancelled':
      return 'Canceled';
  }
}

/** A step's name: its English text, the key of its label in the tracking catalogue (tracking/steps). */
export type ProgressStepLabel = 'Request Accepted' | 'Arrived' | 'Complete' | 'Service Complete';

export interface ProgressStep {
  label: ProgressStepLabel;
  done: boolean;
}

/** Customer: Request Accepted, Arrived, Complete. Provider: Request Accepted, Arrived, Service Complete. */
export function progressSteps(stage: JobStage, role: 'customer' | 'provider'): ProgressStep[] {
  const rank = stage === 'cancelled' ? -1 : RANK[stage];
  return [
    { label: 'Request Accepted', done: rank >= 0 },
    { label: 'Arrived', done: rank >= RANK.arrived },
    { label: role === 'customer' ? 'Complete' : 'Service Complete', done: rank >= RANK['completion-reported'] },
  ];
}

/** 'JOB COMPLETED' shows only after exactly two progress marks (accepted and arrived) and before completion. */
export function canReportCompletion(stage: JobStage): boolean {
  return stage === 'arrived';
}
