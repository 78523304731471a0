/** Where a visitor goes after signing in on the sign-in page, when no guarded page sent them. */
export const DEFAULT_RETURN_PATH = '/getting-started';

/** A guarded page's path to come back to; anything but a path of this app goes to the default. */
export function returnPathOf(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
    ? value
    : DEFAULT_RETURN_PATH;
}
