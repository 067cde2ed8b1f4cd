import { DomainError } from '@tiredash/contracts';
import { interpretRequestUpdate } from './request-update';

const R = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const P = '33333333-3333-4333-8333-333333333333';

function codeOf(fn: () => unknown): { code: string; details: unknown } {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return { code: err.code, details: err.details };
    throw err;
  }
  throw new Error('expected a DomainError');
}

describe('interpretRequestUpdate', () => {
  it('reads Accepted + accepted_bid as the strict accept command, with amount/provider as expectations', () => {
    expect(interpretRequestUpdate(R, { data: { tireStatus: 'Accepted', accepted_bid: B, amount: '95.5', provider: { documentId: P }, bids: [B] } })).toEqual({
      kind: 'accept',
      payload: { requestId: R, bidId: B, mode: 'strict', expect: { amount: 95.5, providerId: P } },
    });
    expect(interpretRequestUpdate(R, { data: { accepted_bid: { documentId: B } } })).toEqual({
      kind: 'accept',
      payload: { requestId: R, bidId: B, mode: 'strict' },
    });
  });

  it('reads Cancelled and Canceled as the cancel command', () => {
    expect(interpretRequestUpdate(R, { data: { tireStatus: 'Cancelled' } })).toEqual({ kind: 'cancel', payload: { requestId: R } });
    expect(interpretRequestUpdate(R, { data: { tireStatus: 'Canceled' } })).toEqual({ kind: 'cancel', payload: { requestId: R } });
  });

  it('refuses derived or foreign fields with FIELD_NOT_WRITABLE, unsupported statuses with CONFLICT; In Progress and Service Completed are commands', () => {
    expect(codeOf(() => interpretRequestUpdate(R, { data: { amount: 10 } })).code).toBe('FIELD_NOT_WRITABLE');
    expect(codeOf(() => interpretRequestUpdate(R, { data: { tireStatus: 'Cancelled', provider: P } })).code).toBe('FIELD_NOT_WRITABLE');
    expect(codeOf(() => interpretRequestUpdate(R, { data: { budget: 10 } })).code).toBe('FIELD_NOT_WRITABLE');
    expect(codeOf(() => interpretRequestUpdate(R, { data: { tireStatus: 'Accepted', accepted_bid: B, amount: 'lots' } })).code).toBe(
      'FIELD_NOT_WRITABLE',
    );
    expect(codeOf(() => interpretRequestUpdate(R, { data: { tireStatus: 'Accepted' } })).code).toBe('VALIDATION_FAILED');
    expect(codeOf(() => interpretRequestUpdate(R, { data: {} })).code).toBe('VALIDATION_FAILED');
    expect(codeOf(() => interpretRequestUpdate(R, { data: { tireStatus: 'Done' } })).code).toBe('VALIDATION_FAILED');
    expect(interpretRequestUpdate(R, { data: { tireStatus: 'In Progress' } })).toEqual({ kind: 'arrive', payload: { requestId: R } });
    expect(interpretRequestUpdate(R, { data: { tireStatus: 'Service Completed' } })).toEqual({ kind: 'confirm', payload: { requestId: R } });
    expect(codeOf(() => interpretRequestUpdate(R, { data: { tireStatus: 'Service Completed', amount: 5 } })).code).toBe('FIELD_NOT_WRITABLE');
    for (const s of ['Completed', 'Bids Open']) {
      expect(codeOf(() => interpretRequestUpdate(R, { data: { tireStatus: s } }))).toEqual({
        code: 'CONFLICT',
        details: { reason: 'STATUS_NOT_SUPPORTED' },
      });
    }
  });
});
