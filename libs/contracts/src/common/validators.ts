import { LIMITS } from './constants';

/**
 * Tire size as the spec formats it while typing: non-alphanumerics removed, upper-cased,
 * slashes after the 3rd and 5th characters (225/65/R17), at most 11 characters.
 */
export function formatTireSize(raw: string): string {
  const clean = raw.replace(/[^a-zA-Z0-9]/g, '').toUpperCase();
  let out = clean.slice(0, 3);
  if (clean.length > 3) out += '/' + clean.slice(3, 5);
  if (clean.length > 5) out += '/' + clean.slice(5);
  return out.slice(0, LIMITS.tireSizeMaxLength);
}

/** A formatted tire size the server accepts: width/aspect/construction+rim, like 225/65/R17. */
export const TIRE_SIZE_PATTERN = /^\d{3}\/\d{2}\/[A-Z]{0,2}\d{2}(\.\d)?$/;

export function isValidTireSize(value: string): boolean {
  return value.length <= LIMITS.tireSizeMaxLength && TIRE_SIZE_PATTERN.test(value);
}

/** Phone numbers: digits with optional +, spaces, dots, dashes and parentheses; 7 to 15 digits. */
export function isValidPhone(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** Great-circle distance in miles (earth radius 3958.8, spec section 9). */
export function distanceMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const toRad = (d: number) => (d * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * LIMITS.earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Integer cents from a dollar amount, rounded to the nearest cent. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function toDollars(cents: number): number {
  return cents / 100;
}
