import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IDENTITY_CONFIG_VARIABLES } from '../src/identity';
import { CONFIG_VARIABLES } from '../src/infrastructure/config';

describe('README', () => {
  const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');

  it('documents every environment variable the backend reads', () => {
    const missing = [...CONFIG_VARIABLES, ...IDENTITY_CONFIG_VARIABLES].map((v) => v.name).filter((name) => !readme.includes(`| \`${name}\` |`));
    expect(missing).toEqual([]);
  });

  it('shows the two-command quick start', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm test');
  });
});
