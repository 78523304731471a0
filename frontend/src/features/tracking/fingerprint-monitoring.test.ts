// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { monitoredFingerprint } from './fingerprint-monitoring';

const FINGERPRINT = '0123456789abcdef0123456789abcdef';

function run(random: number, fallback = false) {
  const reports: unknown[] = [];
  let clock = 100;
  const fingerprint = monitoredFingerprint(
    () => {
      clock += 12.4;
      return { fingerprint: FINGERPRINT, fallback };
    },
    { now: () => clock, random: () => random, report: (properties) => reports.push(properties) },
  );
  return { fingerprint, reports };
}

describe('monitoredFingerprint', () => {
  it('reports one computation in a thousand, with its duration and whether the fallback stood in', () => {
    expect(run(0.0009, true)).toEqual({ fingerprint: FINGERPRINT, reports: [{ durationMs: 12, fallback: true }] });
    expect(run(0).reports).toEqual([{ durationMs: 12, fallback: false }]);
  });

  it('reports nothing for the other 99.9 %', () => {
    expect(run(0.001)).toEqual({ fingerprint: FINGERPRINT, reports: [] });
    expect(run(0.5).reports).toEqual([]);
  });

  it('samples close to 0.1 % over many computations', () => {
    let seed = 42;
    // A small deterministic generator (LCG) in place of Math.random.
    const random = () => {
      seed = (seed * 1664525 + 1013904223) % 4294967296;
      return seed / 4294967296;
    };
    let reports = 0;
    for (let i = 0; i < 200_000; i += 1) {
      monitoredFingerprint(() => ({ fingerprint: FINGERPRINT, fallback: false }), { now: () => 0, random, report: () => (reports += 1) });
    }
    expect(reports).toBeGreaterThan(140);
    expect(reports).toBeLessThan(260);
  });

  it('never puts the fingerprint in what it reports', () => {
    const { reports } = run(0);
    expect(JSON.stringify(reports)).not.toContain(FINGERPRINT);
  });
});
