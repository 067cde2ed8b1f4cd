/** The parts of the Web Audio API the notification uses (an AudioContext satisfies it). */
export interface ToneContext {
  readonly currentTime: number;
  readonly destination: AudioNode;
  createOscillator(): OscillatorNode;
  createGain(): GainNode;
}

/** The two tones of the new-request notification (spec section 9): 800 Hz, then 600 Hz. */
export const NOTIFICATION_TONES = [
  { frequency: 800, start: 0, duration: 0.15 },
  { frequency: 600, start: 0.18, duration: 0.2 },
] as const;

let shared: AudioContext | null = null;

function defaultContext(): ToneContext | null {
  const Ctor = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Ctor) return null;
  shared ??= new Ctor();
  if (shared.state === 'suspended') void shared.resume().catch(() => undefined);
  return shared;
}

/** Plays the two-tone sound; silently does nothing where Web Audio is unavailable or blocked. */
export function playNotificationSound(ctx: ToneContext | null = defaultContext()): void {
  if (!ctx) return;
  try {
    for (const tone of NOTIFICATION_TONES) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const at = ctx.currentTime + tone.start;
      osc.type = 'sine';
      osc.frequency.setValueAtTime(tone.frequency, at);
      gain.gain.setValueAtTime(0.2, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + tone.duration);
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start(at);
      osc.stop(at + tone.duration);
    }
  } catch (err) {
    console.warn('Could not play the notification sound', err);
  }
}
