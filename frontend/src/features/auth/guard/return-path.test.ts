// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_PATH, returnPathOf } from './return-path';

describe('returnPathOf', () => {
  it('keeps a path of this app, with its search and hash', () => {
    expect(returnPathOf('/calls')).toBe('/calls');
    expect(returnPathOf('/call/call_1/analysis?tab=transcript#line-3')).toBe('/call/call_1/analysis?tab=transcript#line-3');
  });

  it('sends anything that would leave the app to the default', () => {
    for (const value of ['//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', 'https://evil.example/', 'javascript:alert(1)', '', undefined, 42]) {
      expect(returnPathOf(value)).toBe(DEFAULT_RETURN_PATH);
    }
  });
});
