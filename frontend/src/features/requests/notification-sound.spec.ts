import { playNotificationSound, type ToneContext } from './notification-sound';

describe('notification sound', () => {
  it('plays 800 Hz and then 600 Hz', () => {
    const started: { frequency: number; at: number }[] = [];
    const param = () => ({ setValueAtTime: jest.fn(), exponentialRampToValueAtTime: jest.fn() });
    const ctx = {
      currentTime: 5,
      destination: {} as AudioNode,
      createOscillator() {
        let frequency = 0;
        return {
          type: 'sine',
          frequency: { ...param(), setValueAtTime: (v: number) => (frequency = v) },
          connect: () => undefined,
          start: (at: number) => started.push({ frequency, at }),
          stop: () => undefined,
        } as unknown as OscillatorNode;
      },
      createGain() {
        return { gain: param(), connect: () => undefined } as unknown as GainNode;
      },
    } satisfies ToneContext;
    playNotificationSound(ctx);
    expect(started.map((s) => s.frequency)).toEqual([800, 600]);
    expect(started[1].at).toBeGreaterThan(started[0].at);
  });

  it('does nothing without Web Audio', () => {
    expect(() => playNotificationSound(null)).not.toThrow();
  });
});
