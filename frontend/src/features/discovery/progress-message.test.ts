// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { failureReasons } from './no-results-copy';
import { progressMessage } from './progress-message';

describe('progressMessage', () => {
  it.each([
    [0, 'Searching for businesses'],
    [14, 'Searching for businesses'],
    [15, 'Analyzing business information'],
    [29, 'Analyzing business information'],
    [30, 'Gathering additional details'],
    [59, 'Gathering additional details'],
    [60, 'Almost done, finalizing results'],
    [600, 'Almost done, finalizing results'],
  ])('after %i s says %s', (seconds, message) => expect(progressMessage(seconds)).toBe(message));
});

describe('failureReasons', () => {
  it('lists the three possible reasons when the server said nothing', () => {
    expect(failureReasons(null, null)).toEqual([
      'The business search service may be having a temporary problem',
      'The location may be too broad or unclear',
      'The network connection may have been interrupted',
    ]);
  });

  it('puts the server’s message first and leaves out the reason it already states', () => {
    expect(failureReasons('The location is too broad or unclear.', 'location_unclear')).toEqual([
      'The location is too broad or unclear.',
      'The business search service may be having a temporary problem',
      'The network connection may have been interrupted',
    ]);
    expect(failureReasons('The business search service is having a temporary problem.', 'quota_exceeded')).toHaveLength(3);
  });
});
