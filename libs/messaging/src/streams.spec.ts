import { streamReplicas } from './streams';

describe('streamReplicas (NATS_STREAM_REPLICAS)', () => {
  it('is 1 when unset or empty: a single nats-server', () => {
    expect(streamReplicas({})).toBe(1);
    expect(streamReplicas({ NATS_STREAM_REPLICAS: '' })).toBe(1);
  });

  it("takes a whole number from 1 to 5 (3 on the launcher's 3-node cluster)", () => {
    expect(streamReplicas({ NATS_STREAM_REPLICAS: '3' })).toBe(3);
    expect(streamReplicas({ NATS_STREAM_REPLICAS: '5' })).toBe(5);
  });

  it('refuses anything else with one line naming the variable', () => {
    for (const bad of ['0', '6', '2.5', 'three', '-1']) {
      expect(() => streamReplicas({ NATS_STREAM_REPLICAS: bad })).toThrow(
        `NATS_STREAM_REPLICAS must be an integer from 1 to 5 (got "${bad}")`,
      );
    }
  });
});
