import { DTMF_HZ } from '../../sandbox/call-tones';

const ROWS = [697, 770, 852, 941];
const COLUMNS = [1209, 1336, 1477];
const WINDOW = 205;
const STEP = 80;

function goertzelPower(samples: ArrayLike<number>, from: number, length: number, frequency: number, sampleRate: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / sampleRate);
  let previous = 0;
  let beforePrevious = 0;
  for (let index = from; index < from + length; index += 1) {
    const current = samples[index]! + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = current;
  }
  return previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
}

function strongest(powers: number[]): { index: number; ratio: number } {
  const sorted = [...powers].sort((a, b) => b - a);
  return { index: powers.indexOf(sorted[0]!), ratio: sorted[0]! / Math.max(sorted[1]!, 1e-9) };
}

/** The digit whose tone pair dominates one window, or null. */
function digitIn(samples: ArrayLike<number>, from: number, sampleRate: number): string | null {
  let energy = 0;
  for (let index = from; index < from + WINDOW; index += 1) energy += samples[index]! * samples[index]!;
  if (energy / WINDOW < 1e5) return null;
  const rows = ROWS.map((frequency) => goertzelPower(samples, from, WINDOW, frequency, sampleRate));
  const columns = COLUMNS.map((frequency) => goertzelPower(samples, from, WINDOW, frequency, sampleRate));
  const row = strongest(rows);
  const column = strongest(columns);
  // Goertzel power of a sine is about (N·A/2)², so each tone of a real pair holds a good share of the window's energy.
  const whole = (energy * WINDOW) / 2;
  if (row.ratio < 10 || column.ratio < 10 || rows[row.index]! / whole < 0.2 || columns[column.index]! / whole < 0.2) return null;
  const pair = [ROWS[row.index], COLUMNS[column.index]];
  return Object.keys(DTMF_HZ).find((digit) => DTMF_HZ[digit]![0] === pair[0] && DTMF_HZ[digit]![1] === pair[1]) ?? null;
}

/** Keys heard in 16-bit audio: a digit counts once it holds for three windows in a row (about 40 ms). */
export function detectDtmf(samples: ArrayLike<number>, sampleRate = 8000): string {
  let heard = '';
  let candidate: string | null = null;
  let run = 0;
  let reported = false;
  for (let from = 0; from + WINDOW <= samples.length; from += STEP) {
    const digit = digitIn(samples, from, sampleRate);
    if (digit !== candidate) {
      candidate = digit;
      run = 0;
      reported = false;
    }
    run += 1;
    if (candidate && run >= 3 && !reported) {
      heard += candidate;
      reported = true;
    }
  }
  return heard;
}
