/** Score colour (spec section 5): 8 or more green, 6 or more yellow, below 6 red. */
export function scoreColor(score: number): 'green' | 'yellow' | 'red' {
  if (score >= 8) return 'green';
  if (score >= 6) return 'yellow';
  return 'red';
}
