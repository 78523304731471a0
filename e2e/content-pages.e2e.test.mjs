// The public content pages in a real browser, served by the built server from its bundled dataset:
// /faq, /pricing, /comparison and one /comparison/{slug} at desktop and phone width, each with its
// loading skeletons, its content, and its error state (the content endpoint made to fail), all passing
// axe-core; the FAQ opens one answer at a time from the keyboard. Screenshots go to /tmp/content-shots/.
// Run after `npm run build` with `node --test e2e/content-pages.e2e.test.mjs`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { expectAccessible, missingBrowser, withAppAndBrowser } from './support.mjs';

const SHOTS = '/tmp/content-shots';
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
const QUERY_ENDPOINT = '**/api/content/v2023-05-03/data/query/production?*';

/** Holds every content query until the returned function is called, so the loading state can be seen. */
async function holdQueries(page) {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  const handled = [];
  const handler = (route) => {
    const done = released.then(() => route.continue());
    handled.push(done);
    return done;
  };
  await page.route(QUERY_ENDPOINT, handler);
  return async () => {
    release();
    await Promise.all(handled);
    await page.unroute(QUERY_ENDPOINT, handler);
  };
}

/** Makes the content endpoint answer every query with `status` and `body`, as a failing service would. */
const failQueries = (page, status, body) =>
  page.route(QUERY_ENDPOINT, (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }));

async function shot(page, name) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

test('the FAQ, pricing and comparison pages load, fail and read well', { skip: missingBrowser, timeout: 240_000 }, async (t) => {
  mkdirSync(SHOTS, { recursive: true });
  await withAppAndBrowser(t, {}, async ({ base, page }) => {
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);

      // FAQ: 5 skeleton rows, then the questions; one answer open at a time, from the keyboard.
      let release = await holdQueries(page);
      const faqQuery = page.waitForRequest((request) => request.url().includes('/api/content/v2023-05-03/data/query/production?'));
      await page.goto(`${base}/faq`);
      await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
      await page.getByTestId('faq-skeleton-row').nth(4).waitFor();
      assert.equal(await page.getByTestId('faq-skeleton-row').count(), 5);
      const sent = new URL((await faqQuery).url());
      assert.match(sent.searchParams.get('query'), /^\*\[_type == "faq"\] \| order\(_createdAt asc\)/);
      await release();
      const questions = page.getByRole('main').getByRole('button', { name: /\?$/ });
      await questions.first().waitFor();
      assert.ok((await questions.count()) >= 10, 'the bundled FAQ has at least 10 questions');
      assert.equal(await questions.first().textContent(), 'What is a Ringcheck test call?');
      await questions.nth(0).focus();
      await page.keyboard.press('Enter');
      await page.getByText(/Ringcheck phones your business the way a customer would/).waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelectorAll('main [aria-expanded="true"]').length === 1);
      assert.equal(await questions.nth(1).getAttribute('aria-expanded'), 'true');
      assert.equal(await questions.nth(0).getAttribute('aria-expanded'), 'false');
      await expectAccessible(page, `faq ${label}`);
      await shot(page, `faq-${label}`);

      // Pricing: 3 skeleton cards, then the three plans with the recommended one marked.
      release = await holdQueries(page);
      await page.goto(`${base}/pricing`);
      await page.getByTestId('pricing-skeleton-card').nth(2).waitFor();
      assert.equal(await page.getByTestId('pricing-skeleton-card').count(), 3);
      await release();
      await page.getByRole('article', { name: 'Pro' }).waitFor();
      assert.deepEqual(await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents(), ['Free', 'Pro', 'Enterprise']);
      assert.equal(await page.getByRole('article', { name: 'Pro' }).getByText('Recommended').count(), 1);
      assert.equal(await page.getByText('Recommended', { exact: true }).count(), 1);
      assert.ok(await page.getByRole('article', { name: 'Enterprise' }).getByText('$99').isVisible());
      await expectAccessible(page, `pricing ${label}`);
      await shot(page, `pricing-${label}`);

      // Comparison: 4 skeleton cards, then a "vs" card per alternative and the closing block.
      release = await holdQueries(page);
      await page.goto(`${base}/comparison`);
      await page.getByTestId('comparison-skeleton-card').nth(3).waitFor();
      assert.equal(await page.getByTestId('comparison-skeleton-card').count(), 4);
      await release();
      await page.getByRole('article', { name: 'vs Uptime Monitoring' }).waitFor();
      assert.ok((await page.getByRole('heading', { level: 2, name: /^vs / }).count()) >= 4);
      assert.ok(await page.getByRole('button', { name: 'Start Free Trial' }).isVisible());
      assert.ok(await page.getByRole('link', { name: 'Schedule Demo' }).isVisible());
      await expectAccessible(page, `comparison ${label}`);
      await shot(page, `comparison-${label}`);

      // One comparison, opened from its card.
      // By keyboard, as the cards are meant to be used (and whatever banner may cover the bottom of the page).
      await page.getByRole('link', { name: 'vs Uptime Monitoring' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Ringcheck vs Uptime Monitoring' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/comparison/uptime-monitoring');
      await page.getByRole('heading', { level: 2, name: 'Side by side' }).waitFor();
      await expectAccessible(page, `comparison detail ${label}`);
      await shot(page, `comparison-detail-${label}`);

      await page.goto(`${base}/comparison/no-such-comparison`);
      await page.getByRole('heading', { level: 1, name: 'Comparison not found' }).waitFor();
      await expectAccessible(page, `comparison not found ${label}`);
    }

    // Error states: the content endpoint fails; each page shows its destructive alert, still accessible.
    await page.setViewportSize(VIEWPORTS.desktop);
    await failQueries(page, 400, { error: { description: 'The query would take too much work', type: 'queryTooCostly' } });
    await page.goto(`${base}/faq`);
    const faqAlert = page.getByRole('alert').filter({ hasText: 'Failed to load FAQ content' });
    await faqAlert.waitFor();
    assert.equal((await faqAlert.textContent()).trim(), 'Failed to load FAQ content: The query would take too much work');
    assert.match(await faqAlert.evaluate((el) => getComputedStyle(el).backgroundColor), /rgba?\(\s*2\d\d,/, 'the alert is red');
    await expectAccessible(page, 'faq error');
    await shot(page, 'faq-error');
    await page.unroute(QUERY_ENDPOINT);

    await failQueries(page, 503, { error: 'Service Unavailable', message: 'The content service is down' });
    for (const [path, text, name] of [
      ['/pricing', 'Failed to load pricing information. Please try again later.', 'pricing-error'],
      ['/comparison', 'Failed to load comparison information. Please try again later.', 'comparison-error'],
      ['/comparison/uptime-monitoring', 'Failed to load comparison information. Please try again later.', 'comparison-detail-error'],
    ]) {
      await page.goto(`${base}${path}`);
      // A server failure is tried twice more (1 s, then 2 s) before the page gives up.
      const alert = page.getByRole('alert').filter({ hasText: text });
      await alert.waitFor({ timeout: 15_000 });
      assert.equal((await alert.textContent()).trim(), text);
      await expectAccessible(page, `${name}`);
      await shot(page, name);
    }
  });
});
