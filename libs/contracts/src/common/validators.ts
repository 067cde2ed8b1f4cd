import { LIMITS } from './constants';

/** Light-truck, P-metric, trailer and temporary-spare prefixes of a metric size (LT265/70/R17, P215/65/R15). */
const METRIC_PREFIX = /^(LT|ST|P|T)(?=\d)/;

/**
 * Tire size as the spec formats it while typing: non-alphanumerics removed, upper-cased, slashes after the 3rd
 * and 5th digits of the size (225/65/R17). Sizes a shop sees every day keep their shape: a P, LT, ST or T prefix
 * stays in front (LT265/70/R17), a flotation size keeps its x and decimal (33X12.50R15, 35X12.50R20LT).
 */
export function formatTireSize(raw: string): string {
  const clean = raw.replace(/[^a-zA-Z0-9.]/g, '').toUpperCase();
  if (/^\d{2}X/.test(clean)) return clean.slice(0, LIMITS.tireSizeMaxLength);
  const prefix = METRIC_PREFIX.exec(clean)?.[1] ?? '';
  const size = clean.slice(prefix.length);
  let out = size.slice(0, 3);
  if (size.length > 3) out += '/' + size.slice(3, 5);
  if (size.length > 5) out += '/' + size.slice(5);
  return (prefix + out).slice(0, LIMITS.tireSizeMaxLength);
}

/**
 * The tire sizes the server accepts, formatted: metric width/aspect/construction+rim with an optional P, LT, ST
 * or T prefix and LT suffix (225/65/R17, P215/65/R15, LT265/70/R17, 225/45/ZR17, 215/85/R16LT), and flotation
 * sizes (33X12.50R15, 35X12.50R20LT, 31X10.50R15).
 */
export const TIRE_SIZE_PATTERN = /^(?:(?:LT|ST|P|T)?\d{3}\/\d{2}\/[A-Z]{0,2}\d{2}(?:\.\d)?(?:LT)?|\d{2}X\d{1,2}(?:\.\d{1,2})?[A-Z]{0,2}\d{2}(?:\.\d)?(?:LT)?)$/;

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
