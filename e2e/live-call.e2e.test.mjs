// A signed-in owner watches their call live: the transcript grows a line at a time on the call page,
// pushed over the socket as patches of the call the page already has, and ends as the report has it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { answeringBusiness, expectAccessible, missingBrowser, withAppAndBrowser } from './support.mjs';

test(
  'a signed-in owner sees the transcript grow live, pushed as patches, and end as the report has it',
  { skip: missingBrowser, timeout: 180_000 },
  async (t) => {
    const { place, city } = await answeringBusiness();
    await withAppAndBrowser(t, { SANDBOX_TIME_SCALE: '0.3', SANDBOX_RECORDING_SPEECH: 'off' }, async ({ base, page, shots }) => {
      const frames = [];
      page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
      await page.goto(`${base}/`);
      await page
        .getByRole('button', { name: 'Get Started' })
        .or(page.getByRole('link', { name: 'Get Started' }))
        .first()
        .click();
      const form = page.getByRole('form', { name: 'Create account' });
      await form.getByLabel('First name').fill('Robin');
      await form.getByLabel('E-mail').fill(`live-${Date.now()}@example.com`);
      await form.getByLabel('Password', { exact: true }).fill('correct horse battery');
      await form.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('button', { name: /Robin/ }).first().waitFor({ timeout: 20_000 });

      await page.goto(`${base}/explore`);
      await page.getByLabel('Business name').fill(place.name);
      await page.getByLabel('Location').fill(city);
      await page
        .getByRole('button', { name: /Find my business|Search/ })
        .first()
        .click();
      const card = page.getByRole('article', { name: place.name, exact: true }).first();
      await card.waitFor({ timeout: 20_000 });
      await card.getByRole('button', { name: 'Start AI Call' }).click();
      await page.waitForURL(/\/call\/call_[0-9a-f-]{36}$/, { timeout: 20_000 });
      const callId = page.url().split('/call/')[1];

      // The lines on the page, sampled while the call runs: they arrive one or two at a time.
      const line = page.getByText(/\d+% confidence/);
      const seen = [];
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline && !(await page.getByText(/^completed$/i).count())) {
        seen.push(await line.count());
        if (seen.length === 3) {
          await page.screenshot({ path: join(shots, 'owner-live.png'), fullPage: true });
          await expectAccessible(page, 'owner-live');
        }
        await page.waitForTimeout(300);
      }
      await page
        .getByText(/^completed$/i)
        .first()
        .waitFor({ timeout: 30_000 });
      const growing = [...new Set(seen)].filter((count) => count > 0);
      assert.ok(
        growing.length >= 3,
        `the transcript grew line by line while the call ran (line counts seen: ${[...new Set(seen)].join(', ')})`,
      );

      const readCall = () =>
        page.evaluate(async (id) => {
          const csrf = document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '';
          const { access_token: token } = await (
            await fetch('/api/auth/refresh/', { method: 'POST', headers: { 'X-CSRFToken': csrf } })
          ).json();
          return (await fetch(`/api/call-management/calls/${id}/`, { headers: { Authorization: `Bearer ${token}` } })).json();
        }, callId);
      const report = await readCall();
      assert.equal(await line.count(), report.transcript.length, 'the page ends with every line of the report');
      const patches = frames.filter((frame) => frame.includes('"patch"')).length;
      assert.ok(patches >= growing.length, `updates after the first came as patches (${patches} patch frames)`);
      // The report is not pushed (it is kept apart from the call): the page reads the call again for it.
      await page.getByText('Overall score').first().waitFor({ timeout: 10_000 });
      assert.ok(!frames.some((frame) => frame.includes('"overallScore"')), 'no push carried the report');
      const { analysis } = await readCall();
      assert.equal(analysis.overall_score, analysis.report.overallScore);
      assert.ok(await page.getByText(analysis.report.summary).count(), 'the page shows the report read after the push');
      await page.screenshot({ path: join(shots, 'owner-done.png'), fullPage: true });
    });
  },
);
