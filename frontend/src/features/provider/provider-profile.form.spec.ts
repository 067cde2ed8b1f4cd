import { buildProfileUpdate, serviceChecklist, toggleService } from './provider-profile.form';

const values = { businessName: ' Pat Tires ', yearsExperience: '7', phone: '555-010-3000', serviceTypes: ['Tire Repair', 'Tire Rotation'] };

describe('provider profile form', () => {
  it('sends service_types comma-joined and the years as a number', () => {
    expect(buildProfileUpdate(values)).toEqual({
      ok: true,
      data: { data: { businessName: 'Pat Tires', yearsExperience: 7, phone: '555-010-3000', service_types: 'Tire Repair,Tire Rotation' } },
    });
  });

  it('adds the new document ids only when images were uploaded', () => {
    const result = buildProfileUpdate(values, { businessId: 'id-1', businessLicense: null });
    expect(result.ok && result.data.data).toMatchObject({ businessId: 'id-1' });
    expect(result.ok && 'businessLicense' in result.data.data).toBe(false);
  });

  it('requires Business Name, a numeric Years Experience, Phone and one service', () => {
    const result = buildProfileUpdate({ businessName: '', yearsExperience: 'x', phone: '', serviceTypes: [] });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.businessName).toBe('Business name is required');
      expect(result.errors.yearsExperience).toBe('Years experience must be a number');
      expect(result.errors.phone).toBe('Phone is required');
      expect(result.errors.serviceTypes).toBe('Please select at least one service type you offer.');
    }
  });

  it('toggles services on and off, and keeps services outside the six-entry checklist visible', () => {
    expect(toggleService(['Tire Repair'], 'Tire Rotation')).toEqual(['Tire Repair', 'Tire Rotation']);
    expect(toggleService(['Tire Repair', 'Tire Rotation'], 'Tire Repair')).toEqual(['Tire Rotation']);
    const list = serviceChecklist(['Flat Tire Repair']);
    expect(list).toHaveLength(7);
    expect(list.slice(0, 6)).toEqual(['Tire Repair', 'Tire Replacement', 'Wheel Alignment', 'Tire Balancing', 'Tire Rotation', 'Emergency Service']);
  });
});
