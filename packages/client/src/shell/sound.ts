/**
 * Short synthesized blips through WebAudio: no audio files to download. The context is created on the
 * first sound after a user gesture, as browsers require.
 */

export type SoundName = "bet" | "win" | "push" | "lose" | "tick" | "error";

const NOTES: Record<
  SoundName,
  readonly { frequency: number; at: number; length: number; type: OscillatorType }[]
> = {
  bet: [{ frequency: 520, at: 0, length: 0.06, type: "triangle" }],
  tick: [{ frequency: 880, at: 0, length: 0.03, type: "square" }],
  /** The stake came back: neither the win's rising notes nor the loss's falling ones. */
  push: [
    { frequency: 440, at: 0, length: 0.08, type: "sine" },
    { frequency: 440, at: 0.1, length: 0.08, type: "sine" },
  ],
  win: [
    { frequency: 660, at: 0, length: 0.09, type: "triangle" },
    { frequency: 880, at: 0.08, length: 0.09, type: "triangle" },
    { frequency: 1320, at: 0.16, length: 0.16, type: "triangle" },
  ],
  lose: [
    { frequency: 300, at: 0, length: 0.1, type: "sine" },
    { frequency: 220, at: 0.09, length: 0.16, type: "sine" },
  ],
  error: [{ frequency: 160, at: 0, length: 0.18, type: "sawtooth" }],
};

export class SoundBoard {
  #context: AudioContext | undefined;
  enabled: boolean;

  constructor(enabled: boolean) {
    this.enabled = enabled;
  }

  play(name: SoundName): void {
    if (!this.enabled) return;
    try {
      this.#context ??= new AudioContext();
      const context = this.#context;
      if (context.state === "suspended") void context.resume();
      const start = context.currentTime;
      for (const note of NOTES[name]) {
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = note.type;
        oscillator.frequency.value = note.frequency;
        gain.gain.setValueAtTime(0.0001, start + note.at);
        gain.gain.exponentialRampToValueAtTime(0.12, start + note.at + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.length);
        oscillator.connect(gain).connect(context.destination);
        oscillator.start(start + note.at);
        oscillator.stop(start + note.at + note.length + 0.02);
      }
    } catch {
      // No audio device or WebAudio: the game plays on silently.
      this.enabled = false;
    }
  }
}
