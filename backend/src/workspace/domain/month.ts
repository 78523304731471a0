/** The calendar month (UTC) an instant falls in, as YYYY-MM: plan allowances count per month. */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/** The first instant of the month after `at` (UTC). */
export const nextMonthStart = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
