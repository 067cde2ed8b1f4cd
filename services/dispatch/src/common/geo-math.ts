import { distanceMiles } from '@tiredash/contracts';

export const METERS_PER_MILE = 1609.344;

export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  return distanceMiles(a, b) * METERS_PER_MILE;
}

/** Seconds to cover `miles` at `mph`. */
export function travelSeconds(miles: number, mph: number): number {
  return (miles / mph) * 3600;
}

/** Whole minutes shown to users: at least 1 unless nothing is left to travel. */
export function etaMinutes(seconds: number): number {
  if (seconds <= 0) return 0;
  return Math.max(1, Math.round(seconds / 60));
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;
