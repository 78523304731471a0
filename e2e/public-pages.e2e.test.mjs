// Every page a signed-out visitor can open, at desktop and phone width: axe-core finds no serious
// violation, and the visit makes no failing request and logs no console error (a signed-out load used
// to log a 401 from the session refresh on every page); its scripts and styles arrive compressed.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { answeringBusiness, expectAccessible, missingBrowser, withAppAndBrowser } from './support.mjs';

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/** Collects what a person would see in the browser's console and network panel as a failure. */
function watchFailures(page) {
  const failures = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('requestfailed', (request) => {
    // A navigation away cancels what the old page still had in flight: that is not a failure.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failures.push(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
  return failures;
}

/** The coding and encoded size of each script and stylesheet the page has loaded so far. */
function watchCodings(page) {
  const loaded = [];
  page.on('requestfinished', (request) => {
    if (/\/assets\/.+\.(js|css)$/.test(new URL(request.url()).pathname)) loaded.push(request);
  });
  return () =>
    Promise.all(
      loaded.map(async (request) => {
        const [response, sizes] = await Promise.all([request.response(), request.sizes()]);
        return { path: new URL(request.url()).pathname, coding: response?.headers()['content-encoding'], bytes: sizes.responseBodySize };
      }),
    );
}

test(
  'a signed-out visitor meets no failing request and no serious axe violation on any public page',
  { skip: missingBrowser, timeout: 180_000 },
  async (t) => {
    const { place, city } = await answeringBusiness();
    await withAppAndBrowser(t, { SANDBOX_TIME_SCALE: '0.1' }, async ({ base, page, shots }) => {
      const failures = watchFailures(page);
      const sent = watchCodings(page);

      await page.goto(`${base}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The web app's scripts and styles come compressed (the build's copies), as its size budget assumes.
      const uncompressed = (await sent()).filter(({ coding, bytes }) => !coding && bytes >= 1024);
      assert.deepEqual(uncompressed, [], 'the first page was sent files uncompressed');
      // The consent choice is the visitor's first decision; declining must leave the site fully usable.
      const decline = page.getByRole('button', { name: 'Decline' });
      if (await decline.count()) await decline.click();

      await page.getByLabel('Business name').fill(place.name);
      await page.getByLabel('Location').fill(city);
      await page.getByRole('button', { name: 'Find my business' }).click();
      const card = page.getByRole('article', { name: place.name, exact: true });
      await card.waitFor({ timeout: 20_000 });
      await expectAccessible(page, 'results');
      await card.getByRole('button', { name: 'Start AI Call' }).click();
      await page.waitForURL(/\/call\/call_[0-9a-f-]{36}$/, { timeout: 20_000 });
      const callPath = new URL(page.url()).pathname;

      const pages = [
        { name: 'home', path: '/', ready: (p) => p.getByLabel('Business name') },
        { name: 'call-preview', path: callPath, ready: (p) => p.getByText(place.name).first() },
        { name: 'faq', path: '/faq', ready: (p) => p.getByRole('button').filter({ hasText: '?' }).first() },
        { name: 'pricing', path: '/pricing', ready: (p) => p.getByText('Recommended') },
        { name: 'comparison', path: '/comparison', ready: (p) => p.getByText(/^vs /).first() },
      ];
      for (const [viewport, size] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(size);
        for (const { name, path, ready } of pages) {
          const label = `${name}-${viewport}`;
          await page.goto(`${base}${path}`);
          await ready(page).waitFor({ timeout: 20_000 });
          await page.waitForTimeout(300);
          await page.screenshot({ path: join(shots, `${label}.png`), fullPage: true });
          await expectAccessible(page, label);
        }
        // One competitor's own page, reached the way a visitor reaches it.
        await page.goto(`${base}/comparison`);
        const first = page.getByRole('link').filter({ hasText: /^vs / }).first();
        await first.click();
        await page.waitForURL(/\/comparison\/[a-z0-9-]+$/);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.screenshot({ path: join(shots, `comparison-detail-${viewport}.png`), fullPage: true });
        await expectAccessible(page, `comparison-detail-${viewport}`);
      }
      assert.deepEqual(failures, [], 'the visitor met failing requests or console errors');
    });
  },
);
