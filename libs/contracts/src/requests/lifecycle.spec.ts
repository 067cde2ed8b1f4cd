import fs from 'node:fs';
import path from 'node:path';
import { LIFECYCLE_ACTIONS, LIFECYCLE_ACTORS, LIFECYCLE_STATES, REQUEST_LIFECYCLE, lifecycleDocSection } from './lifecycle';

describe('the request lifecycle table', () => {
  it('has a cell for every state, actor and action', () => {
    for (const s of LIFECYCLE_STATES) for (const a of LIFECYCLE_ACTORS) for (const x of LIFECYCLE_ACTIONS) expect(REQUEST_LIFECYCLE[s][a][x]).toBeDefined();
  });

  it('lets nobody but the customer, the accepted provider and an admin change a request', () => {
    for (const s of LIFECYCLE_STATES) {
      for (const x of LIFECYCLE_ACTIONS) {
        expect(REQUEST_LIFECYCLE[s]['other customer'][x]).toHaveProperty('refused');
        expect(REQUEST_LIFECYCLE[s]['other provider'][x]).toHaveProperty('refused');
      }
    }
  });

  it('never lets the customer release the hold once the provider has arrived', () => {
    for (const s of ['In Progress', 'Completion Reported', 'Service Completed', 'Customer No-Show'] as const) {
      expect(REQUEST_LIFECYCLE[s].customer.cancel).toHaveProperty('refused');
      expect(REQUEST_LIFECYCLE[s].customer.void).toHaveProperty('refused');
    }
  });

  it('is what docs/request-lifecycle.md shows (regenerate: npm run docs:lifecycle -w @tiredash/contracts)', () => {
    const doc = fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'docs', 'request-lifecycle.md'), 'utf8');
    const section = doc.slice(doc.indexOf('<!-- lifecycle:begin -->') + '<!-- lifecycle:begin -->'.length, doc.indexOf('<!-- lifecycle:end -->')).trim();
    expect(section).toBe(lifecycleDocSection().trim());
  });
});
