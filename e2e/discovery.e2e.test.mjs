// Business discovery in a real browser against the built server: a search that finds a business,
// and one that finds nothing. Run after `npm run build` with `node --test e2e/`.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { expectAccessible, missingBrowser, withAppAndBrowser } from './support.mjs';

test(
  'a visitor searches for a business, sees it, then searches for one that does not exist',
  { skip: missingBrowser, timeout: 120_000 },
  (t) =>
    withAppAndBrowser(t, {}, async ({ base, page, shots }) => {
      await page.goto(`${base}/`);
      await page.getByLabel('Business name').fill('Pizza Palace');
      await page.getByLabel('Location').fill('New York, NY');
      await page.getByRole('button', { name: 'Find my business' }).click();

      await page.getByRole('heading', { name: 'Is this your business?' }).waitFor({ timeout: 20_000 });
      const card = page.getByRole('article', { name: 'Pizza Palace', exact: true });
      await card.waitFor();
      assert.equal(await card.getByRole('heading', { name: 'Pizza Palace', exact: true }).count(), 1);
      assert.equal(await card.getByRole('button', { name: 'Start AI Call' }).count(), 1);
      await page.screenshot({ path: join(shots, 'results.png') });
      await expectAccessible(page, 'results');

      await page.getByRole('button', { name: 'New Search' }).click();
      await page.getByLabel('Business name').fill('Zzyzx Quantum Bagpipes');
      await page.getByLabel('Location').fill('Austin, TX');
      await page.getByRole('button', { name: 'Find my business' }).click();

      await page.getByRole('heading', { name: 'No businesses found' }).waitFor({ timeout: 20_000 });
      assert.equal(await page.getByRole('button', { name: 'Search again' }).count(), 1);
      await page.screenshot({ path: join(shots, 'no-results.png') });
      await expectAccessible(page, 'no-results');
    }),
);
