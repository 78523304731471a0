const STEPS: Array<[afterSeconds: number, message: string]> = [
  [60, 'Almost done, finalizing results'],
  [30, 'Gathering additional details'],
  [15, 'Analyzing business information'],
  [0, 'Searching for businesses'],
];

/** What the loading view says after `elapsedSeconds` of searching (spec section 2). */
export function progressMessage(elapsedSeconds: number): string {
  return STEPS.find(([after]) => elapsedSeconds >= after)?.[1] ?? 'Searching for businesses';
}
