// The owner's workspace end to end: a Free account calls one business twice and is refused a second
// business by its plan (the toast links to the plans); an operator puts it on Pro from the command line,
// the call goes through; My Calls finds the three calls with the right filters and counts; My Locations
// shows both businesses, opens one's history chart, and keeps a favourite across a reload.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { answeringBusinesses, expectAccessible, missingBrowser, root, withAppAndBrowser } from './support.mjs';

const run = promisify(execFile);

test(
  'calls to two businesses under a plan, found on My Calls and My Locations with their history and a favourite',
  { skip: missingBrowser, timeout: 240_000 },
  async (t) => {
    const { places, city, category } = await answeringBusinesses(2);
    const [first, second] = places;
    const env = { SANDBOX_TIME_SCALE: '0.1', SANDBOX_RECORDING_SPEECH: 'off', RATE_LIMIT_PER_MINUTE: '1000' };
    await withAppAndBrowser(t, env, async ({ base, page, shots, dataDir }) => {
      const email = `locations-${Date.now()}@example.com`;
      await page.goto(`${base}/`);
      await page.getByRole('button', { name: 'Get Started' }).click();
      const form = page.getByRole('form', { name: 'Create account' });
      await form.getByLabel('First name').fill('Dana');
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Password', { exact: true }).fill('correct horse battery');
      const signUpSettled = page.waitForResponse((response) => response.url().includes('/api/users/conversion-analytics/'), { timeout: 20_000 });
      await form.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/\/getting-started$/, { timeout: 20_000 });
      await signUpSettled;
      await page.waitForTimeout(500);

      /** Searches Explore and starts the AI call to `place`; answers the call's id, or null when refused. */
      const callFromExplore = async (place) => {
        await page.goto(`${base}/explore`);
        await page.getByLabel('Business Name').fill(category);
        await page.getByLabel('Location').fill(city);
        await page.getByRole('button', { name: 'Search Businesses' }).click();
        const card = page.getByRole('article', { name: place.name, exact: true }).first();
        await card.waitFor({ timeout: 20_000 });
        const started = page.waitForResponse((response) => response.url().includes('/api/call-management/secret-shopper-call/'));
        await card.getByRole('button', { name: 'Start AI Call' }).click();
        if ((await started).status() !== 201) return null;
        await page.waitForURL(/\/call\/call_[0-9a-f-]{36}$/, { timeout: 20_000 });
        return page.url().split('/call/')[1];
      };

      const calls = [await callFromExplore(first), await callFromExplore(first)];
      assert.ok(calls.every(Boolean), 'two calls to the first business are started');

      // Free follows one location: the second business is refused, and the toast leads to the plans.
      assert.equal(await callFromExplore(second), null);
      const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Your Free plan covers 1 location' });
      await toast.waitFor({ timeout: 10_000 });
      await page.screenshot({ path: join(shots, 'plan-limit-toast.png') });
      await toast.getByRole('link', { name: 'See plans' }).click();
      await page.waitForURL(/\/upgrade\?feature=locations$/);
      await page.getByText('Follow more than one business').waitFor();
      await page.getByText('2 of 5 test calls used this month').waitFor();
      await expectAccessible(page, 'upgrade');

      const { stdout } = await run(process.execPath, ['backend/dist/cli/plans-cli.js', 'assign', email, 'pro', '--by', 'e2e'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      });
      assert.match(stdout, /is now on the pro plan/);
      await page.reload();
      await page.getByRole('heading', { name: 'Your plan: Pro' }).waitFor({ timeout: 10_000 });
      calls.push(await callFromExplore(second));
      assert.ok(calls[2], 'on Pro the second business is called');

      // My Calls: three calls, two of them to the first business; filters and counts agree.
      await page.goto(`${base}/calls`);
      const rows = page.getByTestId('call-row');
      await page.getByRole('group', { name: 'Completed' }).getByText('3', { exact: true }).waitFor({ timeout: 90_000 });
      assert.equal(await rows.count(), 3);
      assert.equal(await page.getByRole('group', { name: 'Total' }).getByText('3', { exact: true }).count(), 1);
      await page.getByLabel('Search').fill(first.name);
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="call-row"]').length === n, 2);
      const shown = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-call-id')).sort());
      assert.deepEqual(shown, calls.slice(0, 2).sort());
      await page.getByLabel('Search').fill(calls[2]);
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="call-row"]').length === n, 1);
      await page.getByLabel('Search').fill('');
      const status = page.getByRole('combobox', { name: 'Status' });
      await status.click();
      await page.getByRole('option', { name: 'Completed', exact: true }).click();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="call-row"]').length === n, 3);
      await status.click();
      await page.getByRole('option', { name: 'Failed', exact: true }).click();
      await page.getByRole('button', { name: 'Clear filters' }).waitFor();
      assert.equal(await rows.count(), 0);
      await page.screenshot({ path: join(shots, 'calls-filtered.png'), fullPage: true });

      // My Locations: both businesses, the first called twice; its history is a chart with a row per call.
      await page.goto(`${base}/locations`);
      const firstCard = page.getByRole('article', { name: first.name, exact: true });
      await firstCard.waitFor({ timeout: 20_000 });
      assert.equal(await page.getByRole('article').count(), 2);
      await firstCard.getByText('called · 2 times', { exact: true }).waitFor();
      await page.getByRole('article', { name: second.name, exact: true }).getByText('called · 1 time', { exact: true }).waitFor();
      await firstCard.getByRole('button', { name: first.name, exact: true }).click();
      const history = page.getByRole('region', { name: `${first.name}: call history` });
      await history.locator('.recharts-surface').first().waitFor({ timeout: 20_000 });
      const historyRows = history.getByRole('table').locator('tbody tr');
      assert.equal(await historyRows.count(), 2);
      await page.screenshot({ path: join(shots, 'location-history.png'), fullPage: true });
      await expectAccessible(page, 'location-history');

      const heart = firstCard.getByRole('button', { name: `Favorite ${first.name}` });
      assert.equal(await heart.getAttribute('aria-pressed'), 'false');
      await heart.click();
      await page.locator('.mantine-Notification-root').filter({ hasText: 'Favorite status updated' }).waitFor();
      await page.reload();
      const reloaded = page.getByRole('article', { name: first.name, exact: true }).getByRole('button', { name: `Favorite ${first.name}` });
      await reloaded.waitFor({ timeout: 20_000 });
      assert.equal(await reloaded.getAttribute('aria-pressed'), 'true', 'the favourite persists after a reload');
      await page.getByRole('switch', { name: 'Favorites only' }).check();
      await page.waitForFunction(() => document.querySelectorAll('main article').length === 1);
      await page.screenshot({ path: join(shots, 'locations-favorites.png'), fullPage: true });
      await expectAccessible(page, 'locations');
    });
  },
);
