// The heart of the product in a real browser: a visitor searches, picks a business, starts the AI call,
// watches it to the end and sees the preview gate; signs up from the gate, then sees the full analysis,
// finds the call and the search under the new account and reaches the signed-in pages.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { answeringBusiness, expectAccessible, missingBrowser, withAppAndBrowser } from './support.mjs';

test(
  'a visitor calls a business, sees the preview gate, signs up from it and sees the full analysis',
  { skip: missingBrowser, timeout: 180_000 },
  async (t) => {
    const { place, city } = await answeringBusiness();
    await withAppAndBrowser(t, { SANDBOX_TIME_SCALE: '0.05', SANDBOX_RECORDING_SPEECH: 'off' }, async ({ base, page, shots }) => {
      await page.goto(`${base}/`);
      await page.getByLabel('Business name').fill(place.name);
      await page.getByLabel('Location').fill(city);
      await page.getByRole('button', { name: 'Find my business' }).click();
      const card = page.getByRole('article', { name: place.name, exact: true }).first();
      await card.waitFor({ timeout: 20_000 });
      await card.getByRole('button', { name: 'Start AI Call' }).click();

      await page.waitForURL(/\/call\/call_[0-9a-f-]{36}$/, { timeout: 20_000 });
      const callId = page.url().split('/call/')[1];
      // While it runs the visitor follows a coarse phase: never a ring count or who answered.
      await page.getByRole('list', { name: 'Call progress' }).or(page.getByLabel('Call progress')).first().waitFor({ timeout: 20_000 });
      await page.screenshot({ path: join(shots, 'visitor-live.png'), fullPage: true });
      await expectAccessible(page, 'visitor-live');
      assert.equal(await page.getByText(/^Ring \d+$|Answered by/).count(), 0, 'a visitor must not see rings or who answered');
      // The visitor watches the call to its end; the analysis arrives behind the gate.
      await page.getByRole('button', { name: 'See Full Preview' }).waitFor({ timeout: 60_000 });
      assert.equal(await page.getByText(/\d+% confidence/).count(), 0, 'a visitor must not see the transcript');
      await page.screenshot({ path: join(shots, 'visitor-gate.png'), fullPage: true });
      await expectAccessible(page, 'visitor-gate');

      await page.getByRole('button', { name: 'Sign Up Free' }).click();
      const form = page.getByRole('form', { name: 'Create account' });
      await form.getByLabel('First name').fill('Dana');
      await form.getByLabel('E-mail').fill(`owner-${Date.now()}@example.com`);
      await form.getByLabel('Password', { exact: true }).fill('correct horse battery');
      await form.getByRole('button', { name: 'Create account' }).click();

      // Two seconds after signing up the visitor's call moves to the account: the full report appears.
      await page.getByText(/\d+% confidence/).first().waitFor({ timeout: 30_000 });
      assert.equal(await page.getByRole('button', { name: 'See Full Preview' }).count(), 0);
      await page.screenshot({ path: join(shots, 'owner-full.png'), fullPage: true });
      await expectAccessible(page, 'owner-full');

      await page.goto(`${base}/call/${callId}/analysis`);
      await page.getByRole('tab', { name: 'Transcript' }).waitFor({ timeout: 20_000 });
      await page.screenshot({ path: join(shots, 'analysis.png'), fullPage: true });
      await expectAccessible(page, 'analysis');

      await page.goto(`${base}/calls`);
      await page.getByText(place.name).first().waitFor({ timeout: 20_000 });
      await page.screenshot({ path: join(shots, 'my-calls.png'), fullPage: true });
      await expectAccessible(page, 'my-calls');

      await page.goto(`${base}/getting-started`);
      await page.getByText('Authentication Required').waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
      assert.equal(await page.getByText('Authentication Required').count(), 0);

      // The search the visitor made belongs to the account now.
      const searches = await page.evaluate(async () => {
        const csrf = document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '';
        const refreshed = await fetch('/api/auth/refresh/', { method: 'POST', headers: { 'X-CSRFToken': csrf } });
        const { access_token: token } = await refreshed.json();
        const list = await fetch('/api/discoveries/?status=completed', { headers: { Authorization: `Bearer ${token}` } });
        return (await list.json()).count;
      });
      assert.ok(searches >= 1, 'the visitor’s search is listed under the new account');
    });
  },
);
