import { distanceMiles } from '@tiredash/contracts';
import { coverageBox } from './coverage';

function parse(box: string): { minLng: number; minLat: number; maxLng: number; maxLat: number } {
  const n = box.match(/-?\d+(\.\d+)?(e-?\d+)?/g)!.map(Number);
  return { minLng: n[0]!, minLat: n[1]!, maxLng: n[2]!, maxLat: n[3]! };
}

describe('coverageBox', () => {
  it('holds every point of the service circle (sampled on its edge) at several latitudes', () => {
    for (const lat of [0, 37.77, 60, 75]) {
      const r = 25;
      const b = parse(coverageBox(lat, 10, r));
      for (let deg = 0; deg < 360; deg += 5) {
        // Walk to the circle's edge along bearing `deg`.
        const d = r / 3958.8;
        const th = (deg * Math.PI) / 180;
        const la1 = (lat * Math.PI) / 180;
        const la2 = Math.asin(Math.sin(la1) * Math.cos(d) + Math.cos(la1) * Math.sin(d) * Math.cos(th));
        const lo2 = 10 + (Math.atan2(Math.sin(th) * Math.sin(d) * Math.cos(la1), Math.cos(d) - Math.sin(la1) * Math.sin(la2)) * 180) / Math.PI;
        const p = { lat: (la2 * 180) / Math.PI, lng: lo2 };
        expect(distanceMiles({ lat, lng: 10 }, p)).toBeCloseTo(r, 3);
        expect(p.lat).toBeGreaterThanOrEqual(b.minLat - 1e-9);
        expect(p.lat).toBeLessThanOrEqual(b.maxLat + 1e-9);
        expect(p.lng).toBeGreaterThanOrEqual(b.minLng - 1e-9);
        expect(p.lng).toBeLessThanOrEqual(b.maxLng + 1e-9);
      }
    }
  });

  it('is tight (a 20 mile radius spans about 0.29 degrees of latitude each way) and spans every longitude near a pole', () => {
    const b = parse(coverageBox(37.77, -122.42, 20));
    expect(b.maxLat - 37.77).toBeCloseTo(0.2894, 3);
    expect(b.maxLng - -122.42).toBeGreaterThan(0.36);
    expect(b.maxLng - -122.42).toBeLessThan(0.37);
    const polar = parse(coverageBox(89.9, 0, 50));
    expect([polar.minLng, polar.maxLng, polar.maxLat]).toEqual([-180, 180, 90]);
  });
});
