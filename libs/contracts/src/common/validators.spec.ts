import { tireSizeSchema } from '../requests/schemas';
import { distanceMiles, formatTireSize, isValidPhone, isValidTireSize, toCents } from './validators';

describe('formatTireSize', () => {
  it('strips non-alphanumerics, upper-cases and inserts slashes after the 3rd and 5th characters', () => {
    expect(formatTireSize('225-65 r17')).toBe('225/65/R17');
    expect(formatTireSize('22565r17')).toBe('225/65/R17');
  });
  it('formats partial input as it is typed', () => {
    expect(formatTireSize('2')).toBe('2');
    expect(formatTireSize('2256')).toBe('225/6');
    expect(formatTireSize('22565')).toBe('225/65');
  });
  it('never exceeds 16 characters', () => {
    expect(formatTireSize('225655R17999999999999')).toHaveLength(16);
  });
  it('keeps the prefixes and flotation sizes a tire shop sees every day', () => {
    expect(formatTireSize('LT265/70R17')).toBe('LT265/70/R17');
    expect(formatTireSize('p215/65r15')).toBe('P215/65/R15');
    expect(formatTireSize('ST225/75R15')).toBe('ST225/75/R15');
    expect(formatTireSize('225/45ZR17')).toBe('225/45/ZR17');
    expect(formatTireSize('33x12.50R15')).toBe('33X12.50R15');
    expect(formatTireSize('35X12.50R20LT')).toBe('35X12.50R20LT');
    expect(formatTireSize('LT2')).toBe('LT2');
  });
});

describe('isValidTireSize', () => {
  it('accepts formatted sizes and refuses others', () => {
    expect(isValidTireSize('225/65/R17')).toBe(true);
    expect(isValidTireSize('225/65/17')).toBe(true);
    expect(isValidTireSize('225/65')).toBe(false);
    expect(isValidTireSize('abc/de/R17')).toBe(false);
  });
  it.each(['LT265/70R17', 'P215/65R15', 'ST225/75R15', '225/45ZR17', '255/35ZR19', '33x12.50R15', '35X12.50R20LT', '31x10.50R15', '225/45R17', '215/85R16LT'])(
    'accepts %s as typed',
    (size) => expect(isValidTireSize(formatTireSize(size))).toBe(true),
  );
  it.each(['abc', '225/45', '999999', 'LT', '33x', 'XX265/70R17', '225/65/R17/9'])('refuses %s', (size) => {
    expect(isValidTireSize(formatTireSize(size))).toBe(false);
  });
});

describe('tireSizeSchema (what the server takes in a new request)', () => {
  it.each([
    ['LT265/70R17', 'LT265/70/R17'],
    ['P215/65R15', 'P215/65/R15'],
    ['ST225/75R15', 'ST225/75/R15'],
    ['225/45ZR17', '225/45/ZR17'],
    ['255/35ZR19', '255/35/ZR19'],
    ['33x12.50R15', '33X12.50R15'],
    ['35X12.50R20LT', '35X12.50R20LT'],
    ['31x10.50R15', '31X10.50R15'],
    ['225/45R17', '225/45/R17'],
  ])('takes %s (stored as %s)', (typed, stored) => {
    expect(tireSizeSchema.parse(typed)).toBe(stored);
  });

  it.each([['abc'], ['225/45'], ['999999']])('refuses %s with the form message', (typed) => {
    const result = tireSizeSchema.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([expect.stringMatching(/^Enter a tire size like 225\/65\/R17/)]);
  });
});

describe('isValidPhone', () => {
  it('accepts common notations with 7 to 15 digits', () => {
    expect(isValidPhone('+1 (555) 123-4567')).toBe(true);
    expect(isValidPhone('555.123.4567')).toBe(true);
  });
  it('refuses letters and too few or too many digits', () => {
    expect(isValidPhone('call me')).toBe(false);
    expect(isValidPhone('12345')).toBe(false);
    expect(isValidPhone('1234567890123456')).toBe(false);
  });
});

describe('distanceMiles', () => {
  it('uses the earth radius 3958.8 miles', () => {
    // One degree of latitude = 3958.8 * pi / 180 miles.
    expect(distanceMiles({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo((3958.8 * Math.PI) / 180, 6);
    expect(distanceMiles({ lat: 40.7, lng: -74 }, { lat: 40.7, lng: -74 })).toBe(0);
  });
});

describe('toCents', () => {
  it('rounds to whole cents', () => {
    expect(toCents(19.999)).toBe(2000);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });
});
