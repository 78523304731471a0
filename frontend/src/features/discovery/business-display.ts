/** Display rules for a business card. */

export const formatRating = (rating: number): string => rating.toFixed(1);

export const formatRatingCount = (count: number): string =>
  `(${count.toLocaleString('en-US')} ${count === 1 ? 'review' : 'reviews'})`;

/** A directory business type as cards show it: underscores to spaces, lowercase ('Pizza_Restaurant' → 'pizza restaurant'). */
export const businessTypeLabel = (type: string): string => type.replace(/_/g, ' ').trim().toLowerCase();

/** Up to `max` business types to show, and how many more there are (the '+N' badge). */
export function visibleBusinessTypes(types: readonly string[], max = 3): { shown: string[]; more: number } {
  const labels = types.map(businessTypeLabel).filter(Boolean);
  return { shown: labels.slice(0, max), more: Math.max(0, labels.length - max) };
}

const STATUS_LABELS: Record<string, string> = {
  CLOSED_TEMPORARILY: 'Temporarily closed',
  CLOSED_PERMANENTLY: 'Permanently closed',
};

/** The badge for a business that is not operating normally; null for OPERATIONAL or unknown. */
export function businessStatusLabel(status: string | null): string | null {
  if (!status || status === 'OPERATIONAL') return null;
  const known = STATUS_LABELS[status];
  if (known) return known;
  const words = status
    .toLowerCase()
    .split(/[_\s]+/)
    .filter(Boolean);
  return words.length > 0
    ? words.map((word, index) => (index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word)).join(' ')
    : null;
}

export interface BusinessStatusBadge {
  label: string;
  /** Null for the default style (OPERATIONAL). */
  color: 'red' | 'orange' | null;
}

/** The status badge of a business: OPERATIONAL in the default style, closures in a warning colour; null when unknown. */
export function businessStatusBadge(status: string | null): BusinessStatusBadge | null {
  if (status === 'OPERATIONAL') return { label: 'Operational', color: null };
  const label = businessStatusLabel(status);
  if (!label) return null;
  return { label, color: status === 'CLOSED_PERMANENTLY' ? 'red' : 'orange' };
}

/** The weekday name of `now` in `timeZone` (the browser's zone when absent or unknown). */
function weekdayOf(now: Date, timeZone: string | null): string {
  try {
    return new Intl.DateTimeFormat('en-US', { weekday: 'long', ...(timeZone ? { timeZone } : {}) }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-US', { weekday: 'long' }).format(now);
  }
}

/** Today's line of the opening hours, in the business's own time zone, else the first line. */
export function todaysHours(weekdayText: string[], now: Date, timeZone: string | null): string {
  const today = weekdayOf(now, timeZone).toLowerCase();
  return weekdayText.find((line) => line.toLowerCase().startsWith(today)) ?? weekdayText[0] ?? '';
}
