import { canAddExtraService, extraServiceBudget } from './extra-service.model';
import { clampReview, ratingProblem, reviewCounter } from './rating.model';
import { resolveTileSource } from './tile-source';

describe('extra service rule', () => {
  it('needs both a service type and a numeric budget', () => {
    expect(canAddExtraService({ serviceType: '', budget: '' })).toBe(false);
    expect(canAddExtraService({ serviceType: 'Tire Rotation', budget: '' })).toBe(false);
    expect(canAddExtraService({ serviceType: '', budget: '40' })).toBe(false);
    expect(canAddExtraService({ serviceType: 'Tire Rotation', budget: 'forty' })).toBe(false);
    expect(canAddExtraService({ serviceType: 'Tire Rotation', budget: '0' })).toBe(false);
    expect(canAddExtraService({ serviceType: 'Tire Rotation', budget: '40.50' })).toBe(true);
    expect(extraServiceBudget(' 25 ')).toBe(25);
  });
});

describe('rating rules', () => {
  it('requires 1-5 stars and counts the review up to 500', () => {
    expect(ratingProblem({ rating: 0, comment: '' })).toBe('required');
    expect(ratingProblem({ rating: 6, comment: '' })).toBe('required');
    expect(ratingProblem({ rating: 4, comment: '' })).toBeNull();
    expect(clampReview('x'.repeat(600))).toHaveLength(500);
    expect(reviewCounter('abc')).toBe('3/500');
  });
});

describe('tile source', () => {
  it('uses Mapbox with the settings key, a configured template, or nothing', () => {
    expect(resolveTileSource(null, null)).toBeNull();
    expect(resolveTileSource('  ', null)).toBeNull();
    expect(resolveTileSource('pk.abc', null)?.url).toContain('access_token=pk.abc');
    expect(resolveTileSource(null, 'https://tiles.example/{z}/{x}/{y}.png')?.url).toBe('https://tiles.example/{z}/{x}/{y}.png');
    expect(resolveTileSource(null, 'https://tiles.example/{z}/{x}/{y}.png?key={key}')).toBeNull();
    expect(resolveTileSource('k1', 'https://tiles.example/{z}/{x}/{y}.png?key={key}')?.url).toBe('https://tiles.example/{z}/{x}/{y}.png?key=k1');
  });
});
