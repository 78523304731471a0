// The consent banner and the analytics client in a real browser against the built server: at phone width
// the banner leaves the skip link, toasts and the page's last controls clear and passes axe-core; answered by
// keyboard it records consent; declined, no analytics batch ever leaves; accepted, page views reach
// /api/analytics/batch/ in batches (and on page hide) and the server records them. It also counts the API
// requests of 16 quick page loads, the case that used to hit the general rate limit.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { expectAccessible, missingBrowser, withAppAndBrowser } from './support.mjs';

const PHONE = { width: 390, height: 844 };

/** Every /api request the page's browser context makes (keepalive ones sent while a page unloads too), with its answer. */
function recordApi(page) {
  const requests = [];
  page.context().on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push({ method: request.method(), path: url.pathname, request, status: null });
  });
  page.context().on('response', (response) => {
    const entry = requests.find((item) => item.request === response.request());
    if (entry) entry.status = response.status();
  });
  return requests;
}

const box = (locator) => locator.boundingBox();
const overlaps = (a, b) => a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('consent banner at phone width, and analytics only with consent', { skip: missingBrowser, timeout: 180_000 }, async (t) => {
  await withAppAndBrowser(t, {}, async ({ base, page, shots }) => {
    await page.setViewportSize(PHONE);
    const api = recordApi(page);
    await page.goto(`${base}/`);
    const banner = page.getByRole('region', { name: 'Your privacy choices' });
    await banner.waitFor();
    await page.screenshot({ path: join(shots, 'consent-banner-phone.png') });
    await expectAccessible(page, 'home with the consent banner');

    // The skip link, once focused, is not behind the banner.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    assert.ok(await skip.evaluate((element) => element === document.activeElement));
    assert.ok(!overlaps(await box(skip), await box(banner)), 'the skip link is clear of the banner');

    // A toast shows above the banner, not behind it ('demo' / 'demo' switches to test mode).
    // The form's controls, reached by keyboard, scroll clear of the banner.
    await page.getByLabel('Business name').fill('demo');
    await page.keyboard.press('Tab');
    await page.keyboard.type('demo');
    assert.ok(!overlaps(await box(page.getByLabel('Location')), await box(banner)), 'the focused Location field is clear of the banner');
    await page.keyboard.press('Tab');
    const find = page.getByRole('button', { name: 'Find my business' });
    assert.ok(await find.evaluate((element) => element === document.activeElement));
    assert.ok(!overlaps(await box(find), await box(banner)), 'the focused search button is clear of the banner');
    await page.keyboard.press('Enter');
    const toast = page.getByText('Test Mode Activated');
    await toast.waitFor();
    const toastBox = await box(page.locator('.mantine-Notification-root').first());
    const bannerBox = await box(banner);
    assert.ok(toastBox.y + toastBox.height <= bannerBox.y + 1, `the toast (${JSON.stringify(toastBox)}) sits above the banner (${JSON.stringify(bannerBox)})`);
    await page.screenshot({ path: join(shots, 'consent-banner-toast-phone.png') });

    // The page's last control can be scrolled clear of the banner.
    const privacy = page.getByRole('button', { name: 'Privacy choices' });
    await privacy.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const privacyBox = await box(privacy);
    assert.ok(privacyBox.y + privacyBox.height <= (await box(banner)).y, 'the footer’s last link is above the banner at the bottom of the page');

    // Declined by keyboard: from the banner, Tab goes through its details link, Accept, then Decline.
    await banner.focus();
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent);
    await page.keyboard.press('Tab');
    assert.equal(await focusedText(), 'What this covers');
    await page.keyboard.press('Tab');
    assert.equal(await focusedText(), 'Accept');
    await page.keyboard.press('Tab');
    assert.equal(await focusedText(), 'Decline');
    const declined = page.waitForResponse((response) => response.url().endsWith('/api/analytics/gdpr-consent/'));
    await page.keyboard.press('Enter');
    await banner.waitFor({ state: 'detached' });
    assert.equal((await declined).status(), 200);

    for (const path of ['/pricing', '/faq', '/']) {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForTimeout(5_500);
    assert.deepEqual(api.filter((item) => item.path === '/api/analytics/batch/'), [], 'declined: no analytics batch is sent');
    const visits = api.filter((item) => item.path === '/api/analytics/track-user/');
    assert.ok(visits.length > 0);
    for (const visit of visits) {
      const body = JSON.parse(visit.request.postData() ?? '{}');
      assert.deepEqual(Object.keys(body).filter((key) => !['gdpr_consent', 'anon_id'].includes(key)), [], 'declined: track-user sends no device facts');
      assert.equal(visit.request.headers()['x-device-fingerprint'], undefined);
    }

    // "Privacy choices" brings the banner back; accepted, analytics starts from then on.
    await page.getByRole('button', { name: 'Privacy choices' }).click();
    await banner.waitFor();
    const accepted = page.waitForResponse((response) => response.url().endsWith('/api/analytics/gdpr-consent/'));
    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'detached' });
    assert.equal((await accepted).status(), 200);
    const batchesBefore = api.filter((item) => item.path === '/api/analytics/batch/').length;
    assert.equal(batchesBefore, 0, 'nothing from before consent is replayed');

    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await page.getByRole('heading', { name: 'Simple, Transparent Pricing' }).waitFor();
    // Within 5 s the page view leaves in a batch the server records.
    const batch = await page.waitForResponse((response) => response.url().endsWith('/api/analytics/batch/'), { timeout: 8_000 });
    assert.equal(batch.status(), 200);
    const sent = JSON.parse(batch.request().postData());
    assert.ok(sent.batch.some((message) => message.type === 'page' && message.name === 'Pricing'));
    assert.ok((await batch.json()).accepted > 0, 'with consent the server records the messages');

    // A message waiting when the page is hidden leaves at once, with keepalive.
    await page.getByRole('link', { name: 'FAQ' }).first().click();
    await page.getByRole('heading', { name: 'Frequently Asked Questions' }).waitFor();
    const hidden = page.waitForRequest((request) => request.url().endsWith('/api/analytics/batch/'), { timeout: 3_000 });
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const pageHide = await hidden;
    assert.ok(JSON.parse(pageHide.postData()).batch.some((message) => message.name === 'Faq'));
  });
});

test('16 quick page loads with consent stay well inside the general rate limit', { skip: missingBrowser, timeout: 180_000 }, async (t) => {
  await withAppAndBrowser(t, {}, async ({ base, page }) => {
    const api = recordApi(page);
    await page.goto(`${base}/`);
    const accepted = page.waitForResponse((response) => response.url().endsWith('/api/analytics/gdpr-consent/'));
    await page.getByRole('region', { name: 'Your privacy choices' }).getByRole('button', { name: 'Accept' }).click();
    await accepted;
    // The server's own count: the general allowance left for this browser's address before and after.
    const allowance = async () => (await (await page.request.get(`${base}/api/analytics/rate-limits/`)).json()).remaining;
    const before = await allowance();
    const start = api.length;
    const paths = ['/', '/faq', '/pricing', '/comparison'];
    for (let i = 0; i < 16; i += 1) {
      await page.goto(`${base}${paths[i % paths.length]}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    await page.waitForTimeout(5_500);
    const loads = api.slice(start);
    const byPath = {};
    for (const item of loads) byPath[item.path] = (byPath[item.path] ?? 0) + 1;
    const batches = loads.filter((item) => item.path === '/api/analytics/batch/').length;
    const counted = before - (await allowance()) - 1;
    t.diagnostic(`16 page loads: the server counted ${counted} requests against the general limit; the page itself showed ${loads.length} (${batches} analytics batches; keepalive batches sent while a page unloads are not shown to it): ${JSON.stringify(byPath)}`);
    assert.ok(counted < 120, `${counted} requests stay under the general limit of 120 a minute`);
    assert.equal(loads.filter((item) => item.status === 429).length, 0, 'no request was refused');
    assert.equal(loads.filter((item) => item.path === '/api/analytics/track-event/').length, 0, 'no event is sent on its own any more');
  });
});
