import { bidCreateBodySchema, serviceRequestCreateBodySchema } from './schemas';

const base = {
  serviceType: 'Flat Tire Repair',
  tireSize: '225/65/R17',
  budget: 100,
  paymentMethod: 'cash',
  lat: 37.7,
  lng: -122.4,
};

describe('service request body', () => {
  it('formats the tire size and accepts coordinates at the top level or in location', () => {
    const r = serviceRequestCreateBodySchema.parse({ data: { ...base, tireSize: '225 65 r17', budget: '120' } });
    expect(r.data.tireSize).toBe('225/65/R17');
    expect(r.data.budget).toBe(120);
    expect(serviceRequestCreateBodySchema.safeParse({ data: { ...base, lat: undefined, lng: undefined, location: { lat: 1, lng: 2 } } }).success).toBe(
      true,
    );
  });

  it('refuses budget 0, an unknown service type, a bad tire size, missing or 0,0 coordinates, unknown fields', () => {
    const bad = (d: Record<string, unknown>) => serviceRequestCreateBodySchema.safeParse({ data: { ...base, ...d } }).success;
    expect(bad({ budget: 0 })).toBe(false);
    expect(bad({ serviceType: 'Car Wash' })).toBe(false);
    expect(bad({ tireSize: '22' })).toBe(false);
    expect(bad({ lat: undefined, lng: undefined })).toBe(false);
    expect(bad({ lat: 0, lng: 0 })).toBe(false);
    expect(bad({ amount: 5 })).toBe(false);
    expect(bad({ tireStatus: 'Accepted' })).toBe(false);
  });
});

describe('bid body', () => {
  const R = '11111111-1111-4111-8111-111111111111';
  it('takes numbers or text; empty price and ETA fall back (undefined); below 1 is refused', () => {
    expect(bidCreateBodySchema.parse({ data: { requestId: R, amount: '95', estimatedArrival: '12' } }).data).toMatchObject({ amount: 95, estimatedArrival: 12 });
    expect(bidCreateBodySchema.parse({ data: { requestId: R, amount: '', estimatedArrival: '' } }).data).toMatchObject({
      amount: undefined,
      estimatedArrival: undefined,
    });
    expect(bidCreateBodySchema.safeParse({ data: { requestId: R, amount: 0.5 } }).success).toBe(false);
    expect(bidCreateBodySchema.safeParse({ data: { requestId: R, estimatedArrival: 'soon' } }).success).toBe(false);
  });
});
