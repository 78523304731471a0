export const CSRF_COOKIE_NAME = 'csrftoken';
/** Request headers that may carry the token (lower-case, as Node exposes them). */
export const CSRF_HEADER_NAMES = ['x-csrftoken', 'x-csrf-token'] as const;
/** About one year, as the web app keeps the same token across visits. */
export const CSRF_COOKIE_MAX_AGE_SECONDS = 31_449_600;
export const CSRF_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
