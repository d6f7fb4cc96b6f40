import { useCallback, useState } from 'react';

/** Whether new alarms beep and flash the title, remembered per browser (off until switched on). */
const SOUND_KEY = 'boreline.alarmSound';

function readSetting(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) === '1';
  } catch {
    return false;
  }
}

export function useAnnounceSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(readSetting);
  const change = useCallback((next: boolean) => {
    try {
      if (next) localStorage.setItem(SOUND_KEY, '1');
      else localStorage.removeItem(SOUND_KEY);
    } catch {
      // Without storage the choice lasts as long as the page.
    }
    setOn(next);
  }, []);
  return [on, change];
}

type AudioContextClass = new () => AudioContext;
let context: AudioContext | null = null;
let contextClass: AudioContextClass | null = null;

function audio(): AudioContext | null {
  const Ctor = (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext) as AudioContextClass | undefined;
  if (!Ctor) return null;
  if (!context || contextClass !== Ctor) {
    context = new Ctor();
    contextClass = Ctor;
  }
  return context;
}

/**
 * Readies the sound while the user switches it on: browsers let a page play sound only once a
 * click has started its audio, and an alarm arrives without one.
 */
export function prepareSound(): void {
  try {
    void audio()?.resume?.();
  } catch {
    // No sound here: the title still flashes.
  }
}

/** A short beep (two tones, 0.35 s) through WebAudio; silent where the browser has none or refuses. */
export function beep(): void {
  try {
    const context = audio();
    if (!context) return;
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 660],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.16);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.17);
    }
  } catch {
    // A browser that blocks sound before a click stays silent: the title still flashes.
  }
}

let flashing: ReturnType<typeof setInterval> | null = null;

/** Alternates the tab's title with `text` for ten seconds, so a tab in the background shows the alarm. */
export function flashTitle(text: string): void {
  if (flashing) return;
  const original = document.title;
  let shown = false;
  let ticks = 0;
  flashing = setInterval(() => {
    ticks += 1;
    shown = !shown && ticks < 10;
    document.title = shown ? text : original;
    if (ticks >= 10 && flashing) {
      clearInterval(flashing);
      flashing = null;
      document.title = original;
    }
  }, 1_000);
}
