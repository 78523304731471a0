/**
 * Converts 16-bit samples to floats at another rate. Downsampling averages the source samples each
 * output sample stands for (a box filter), which keeps speech from aliasing at telephone rates.
 */
export function resample(samples: Int16Array, fromRate: number, toRate: number): Float32Array {
  const ratio = fromRate / toRate;
  const length = Math.floor(samples.length / ratio);
  const out = new Float32Array(length);
  if (ratio <= 1) {
    for (let index = 0; index < length; index += 1) {
      const position = index * ratio;
      const base = position | 0;
      const next = base + 1 < samples.length ? base + 1 : samples.length - 1;
      const fraction = position - base;
      out[index] = (samples[base]! * (1 - fraction) + samples[next]! * fraction) / 32768;
    }
    return out;
  }
  for (let index = 0; index < length; index += 1) {
    const from = (index * ratio) | 0;
    const end = ((index + 1) * ratio) | 0;
    const to = end < samples.length ? end : samples.length;
    let sum = 0;
    for (let source = from; source < to; source += 1) sum += samples[source]!;
    out[index] = to > from ? sum / (to - from) / 32768 : 0;
  }
  return out;
}

/** Root-mean-square level of a stretch of float samples. */
export function rms(samples: ArrayLike<number>, from = 0, to = samples.length): number {
  let sum = 0;
  const end = Math.min(to, samples.length);
  for (let index = from; index < end; index += 1) sum += samples[index]! * samples[index]!;
  return end > from ? Math.sqrt(sum / (end - from)) : 0;
}
