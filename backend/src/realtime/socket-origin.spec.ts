import { isSocketOriginAllowed } from './socket-origin';

describe('isSocketOriginAllowed', () => {
  it('allows the page’s own origin and configured ones, as the REST API does', () => {
    expect(isSocketOriginAllowed('http://localhost:3000', 'localhost:3000', [])).toBe(true);
    expect(isSocketOriginAllowed('http://localhost:5173', 'localhost:3000', ['http://localhost:5173'])).toBe(true);
    expect(isSocketOriginAllowed('https://anything.example', 'localhost:3000', ['*'])).toBe(true);
  });

  it('refuses other sites and garbage', () => {
    expect(isSocketOriginAllowed('https://evil.example', 'localhost:3000', [])).toBe(false);
    expect(isSocketOriginAllowed('https://evil.example', 'localhost:3000', ['http://localhost:5173'])).toBe(false);
    expect(isSocketOriginAllowed('null', 'localhost:3000', [])).toBe(false);
    expect(isSocketOriginAllowed('http://localhost:3000', undefined, [])).toBe(false);
  });

  it('lets non-browser clients (no Origin header) through', () => {
    expect(isSocketOriginAllowed(undefined, 'localhost:3000', [])).toBe(true);
  });
});
