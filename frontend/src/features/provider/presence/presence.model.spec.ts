import { PRESENCE_MIN_INTERVAL_MS, matchingNotice, metersBetween, positionErrorMessage, shouldSendFix } from './presence.model';

describe('presence model', () => {
  const base = { lat: 40.758, lng: -73.9855, at: 0 };

  it('measures distances in metres', () => {
    expect(Math.round(metersBetween(base, { lat: 40.759, lng: -73.9855 }))).toBe(111);
    expect(metersBetween(base, base)).toBe(0);
  });

  it('sends the first fix, then at most one per interval and only after a real move', () => {
    expect(shouldSendFix(null, base, 0)).toBe(true);
    const far = { lat: 40.768, lng: -73.9855 };
    expect(shouldSendFix(base, far, PRESENCE_MIN_INTERVAL_MS - 1)).toBe(false);
    expect(shouldSendFix(base, far, PRESENCE_MIN_INTERVAL_MS)).toBe(true);
    expect(shouldSendFix(base, { lat: 40.7585, lng: -73.9855 }, PRESENCE_MIN_INTERVAL_MS * 10)).toBe(false);
  });

  it('explains a refused permission differently from a missing fix', () => {
    expect(positionErrorMessage({ code: 1, PERMISSION_DENIED: 1 })).toMatch(/^Location permission was denied/);
    expect(positionErrorMessage({ code: 3, PERMISSION_DENIED: 1 })).toBe('Could not get your location right now.');
  });

  it('says how an online provider is matched', () => {
    expect(matchingNotice(false, false, null, false)).toMatch(/offline/);
    expect(matchingNotice(true, true, '1 Main St', true)).toMatch(/current location/);
    expect(matchingNotice(true, false, '1 Main St', true)).toMatch(/service address \(1 Main St\)/);
    expect(matchingNotice(true, false, null, false)).toMatch(/nobody can be matched/);
  });
});
