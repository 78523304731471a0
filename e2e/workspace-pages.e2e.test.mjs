// The owner's workspace in a real browser: a new account reaches the search form from New Call, places a
// call, watches My Calls follow it live, then visits every signed-in page at desktop and phone width:
// axe-core finds no serious violation, the keyboard reaches the skip link, the sidebar and the content
// with a visible focus, Ctrl+B folds the sidebar, and a toast covers no header or sidebar control.
// Screenshots go to /tmp/workspace-shots/. Run after `npm run build` with `node --test e2e/`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { answeringBusiness, expectAccessible, missingBrowser, withAppAndBrowser } from './support.mjs';

const SHOTS = '/tmp/workspace-shots';
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
const SIDEBAR_LINKS = ['Getting Started', 'My Calls', 'My Locations', 'Explore', 'Settings', 'Help & Support'];

/** Each workspace page, and what shows once it has loaded. */
const pages = (callId) => [
  { name: 'getting-started', path: '/getting-started', ready: (page) => page.getByText(/of 4 steps complete/) },
  { name: 'calls', path: '/calls', ready: (page) => page.getByTestId('call-row').first() },
  { name: 'locations', path: '/locations', ready: (page) => page.getByRole('heading', { level: 1, name: 'My Locations' }) },
  { name: 'explore', path: '/explore', ready: (page) => page.getByRole('button', { name: 'Search Businesses' }) },
  { name: 'settings', path: '/settings', ready: (page) => page.getByRole('heading', { level: 1, name: 'Settings' }) },
  { name: 'help', path: '/help', ready: (page) => page.getByRole('heading', { level: 1, name: 'Help & Support' }) },
  { name: 'upgrade', path: '/upgrade', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { name: 'analysis', path: `/call/${callId}/analysis`, ready: (page) => page.getByRole('tab', { name: 'Transcript' }) },
];

/**
 * What has focus: its accessible text, where it sits, and whether a focus indicator is drawn (an
 * outline or ring, or for a text field the primary-coloured border Mantine gives it).
 */
const focused = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const probe = document.body.appendChild(document.createElement('span'));
    probe.style.color = 'var(--mantine-primary-color-filled)';
    const primary = getComputedStyle(probe).color;
    probe.remove();
    const field = el.matches('input, textarea') && style.borderColor === primary;
    return {
      tag: el.tagName.toLowerCase(),
      text: (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || '').trim().replace(/\s+/g, ' ').slice(0, 60),
      inSidebar: Boolean(el.closest('aside')),
      inMain: Boolean(el.closest('main')),
      isMain: el.tagName === 'MAIN',
      visible: outlined || style.boxShadow !== 'none' || field,
    };
  });

/** Tabs from the top of the page: the skip link first, then Enter puts focus on the main content. */
async function expectSkipLink(page, label) {
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
  await page.keyboard.press('Tab');
  const first = await focused(page);
  assert.equal(first?.text, 'Skip to main content', `${label}: the skip link is the first tab stop`);
  assert.ok(first.visible, `${label}: the skip link shows its focus`);
  await page.keyboard.press('Enter');
  assert.equal((await focused(page))?.isMain, true, `${label}: the skip link moves focus to the main content`);
  await page.keyboard.press('Tab');
  assert.equal((await focused(page))?.inMain, true, `${label}: the next stop after skipping is in the content`);
}

/** Tabs through the page from the top: every sidebar link and the content are reached, each stop visibly focused. */
async function expectKeyboardTour(page, label) {
  // Back to the first stop: a blur would leave the browser's starting point in the content.
  await page.getByRole('link', { name: 'Skip to main content' }).focus();
  const stops = [];
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    let stop = await focused(page);
    if (!stop) continue;
    // A field's border colour changes with a short transition.
    if (!stop.visible) stop = await page.waitForTimeout(250).then(() => focused(page));
    if (stop.text === 'Skip to main content' || (stops.length > 0 && stop.tag === 'body')) break; // round the page once
    stops.push(stop);
    if (stop.inMain && stops.filter((s) => s.inMain).length >= 3) break;
  }
  const sidebarLinks = stops.filter((s) => s.inSidebar && s.tag === 'a').map((s) => s.text);
  assert.deepEqual(sidebarLinks, SIDEBAR_LINKS, `${label}: the sidebar links are reached in order`);
  assert.ok(stops.some((s) => s.inMain), `${label}: focus reaches the main content`);
  const unseen = stops.filter((s) => !s.visible).map((s) => `${s.tag} "${s.text}"`);
  assert.deepEqual(unseen, [], `${label}: every focused control shows it`);
}

/** Ctrl+B (Cmd+B on a Mac) folds the sidebar and unfolds it again (spec section 4). */
async function expectSidebarShortcut(page) {
  const aside = page.getByRole('complementary', { name: 'Sidebar' });
  await page.keyboard.press('Control+b');
  assert.equal(await aside.getAttribute('data-collapsed'), 'true', 'Ctrl+B collapses the sidebar');
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SHOTS, 'sidebar-collapsed-desktop.png') });
  await page.keyboard.press('Control+b');
  assert.equal(await aside.getAttribute('data-collapsed'), null, 'Ctrl+B expands it again');
}

/** On a phone the sidebar is the Menu panel: reached by keyboard, it holds every sidebar link. */
async function expectMobileMenu(page, label) {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await menu.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Sidebar' });
  await panel.waitFor();
  const links = await panel.getByRole('navigation', { name: 'Account' }).getByRole('link').allTextContents();
  assert.deepEqual(links.map((text) => text.trim()), SIDEBAR_LINKS, `${label}: the Menu panel holds the sidebar links`);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SHOTS, `menu-${label}.png`) });
  await expectAccessible(page, `menu-${label}`);
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
}

/**
 * New Call on My Calls reaches home's search form (a new user at / would be sent to the checklist):
 * the form in view, its business name focused.
 */
async function expectNewCallReachesForm(page, label) {
  await page.getByRole('link', { name: 'New Call' }).first().click();
  await page.waitForURL(/\/\?action=new-call$/);
  await page.waitForFunction(() => document.activeElement?.getAttribute('placeholder') === 'e.g., Pizza Palace');
  await page.waitForTimeout(600); // the smooth scroll, and any redirect that would follow
  assert.equal(new URL(page.url()).pathname, '/', `${label}: New Call is not redirected to the checklist`);
  const form = await page.locator('#hero-search').boundingBox();
  const { height } = page.viewportSize();
  assert.ok(form.y >= 64 && form.y + Math.min(form.height, height - 64) <= height + 1, `${label}: the search form is in view (${form.y}px)`);
  await page.screenshot({ path: join(SHOTS, `new-call-${label}.png`) });
}

const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast titled `title`, once `trigger` raised it, covers no control of the header or the sidebar. */
async function expectToastClearOfControls(page, label, title, trigger) {
  await trigger();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: title });
  await toast.waitFor();
  await page.waitForTimeout(400); // the toast's entrance transition
  const box = await toast.boundingBox();
  const controls = await page.locator('header a, header button, aside a, aside button').all();
  for (const control of controls) {
    const area = await control.boundingBox();
    if (!area || area.width === 0) continue;
    assert.ok(!overlaps(box, area), `${label}: the toast covers "${(await control.textContent())?.trim() || (await control.getAttribute('aria-label'))}"`);
  }
  await page.screenshot({ path: join(SHOTS, `toast-${label}.png`) });
  await toast.getByRole('button', { name: 'Close notification' }).click();
}

test(
  'the owner’s workspace: New Call, a live My Calls, and every page accessible by keyboard at desktop and phone width',
  { skip: missingBrowser, timeout: 300_000 },
  async (t) => {
    mkdirSync(SHOTS, { recursive: true });
    const { place, city } = await answeringBusiness();
    // Sixteen page loads in well under a minute are more than a person makes: the general limit is raised.
    const env = { SANDBOX_TIME_SCALE: '0.1', SANDBOX_RECORDING_SPEECH: 'off', RATE_LIMIT_PER_MINUTE: '1000' };
    await withAppAndBrowser(t, env, async ({ base, page }) => {
      // On the public layout too, a toast (home's demo search) stays clear of the header's buttons.
      for (const [viewport, size] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(size);
        await page.goto(`${base}/`);
        await page.getByLabel('Business name').fill('demo');
        await page.getByLabel('Location').fill('demo');
        const search = () => page.getByRole('button', { name: 'Find my business' }).click();
        await expectToastClearOfControls(page, `home-${viewport}`, 'Test Mode Activated', search);
      }
      await page.setViewportSize(VIEWPORTS.desktop);

      await page.goto(`${base}/`);
      await page.getByRole('button', { name: 'Get Started' }).click();
      const form = page.getByRole('form', { name: 'Create account' });
      await form.getByLabel('First name').fill('Dana');
      await form.getByLabel('E-mail').fill(`workspace-${Date.now()}@example.com`);
      await form.getByLabel('Password', { exact: true }).fill('correct horse battery');
      // After a sign-up the app links the visitor's earlier activity (2 s later), then navigates to the
      // stored destination once more: a click before then would be overtaken.
      const signUpSettled = page.waitForResponse((response) => response.url().includes('/api/users/conversion-analytics/'), { timeout: 20_000 });
      await form.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/\/getting-started$/, { timeout: 20_000 });
      await signUpSettled;
      await page.waitForTimeout(500);

      // No calls yet: My Calls offers New Call, which reaches the form although the checklist applies.
      await page.getByRole('link', { name: 'My Calls' }).first().click();
      await page.getByRole('heading', { name: 'No calls yet' }).waitFor();
      await page.screenshot({ path: join(SHOTS, 'calls-empty-desktop.png'), fullPage: true });
      await expectAccessible(page, 'calls-empty-desktop');
      await expectNewCallReachesForm(page, 'desktop');

      await page.keyboard.type(place.name);
      await page.getByLabel('Location').fill(city);
      await page.getByRole('button', { name: 'Find my business' }).click();
      const card = page.getByRole('article', { name: place.name, exact: true }).first();
      await card.waitFor({ timeout: 20_000 });
      await card.getByRole('button', { name: 'Start AI Call' }).click();
      await page.waitForURL(/\/call\/call_[0-9a-f-]{36}$/, { timeout: 20_000 });
      const callId = page.url().split('/call/')[1];

      // My Calls follows the running call through the user's room: no second read of the list.
      const listReads = [];
      const countListReads = (request) => {
        if (request.url().includes('/api/call-management/calls/?')) listReads.push(request.url());
      };
      page.on('request', countListReads);
      await page.goto(`${base}/calls`);
      const row = page.locator(`[data-testid="call-row"][data-call-id="${callId}"]`);
      await row.waitFor({ timeout: 20_000 });
      const status = row.locator('.mantine-Badge-label').filter({ hasText: /^(Queued|In Progress|Completed|Failed|Canceled)$/ });
      const firstStatus = await status.textContent();
      t.diagnostic(`the call was "${firstStatus}" when My Calls opened`);
      await page.screenshot({ path: join(SHOTS, 'calls-live-desktop.png'), fullPage: true });
      await row.getByText('Answered', { exact: true }).waitFor({ timeout: 90_000 });
      assert.equal(await status.textContent(), 'Completed');
      page.off('request', countListReads);
      assert.ok(listReads.length <= 1, `My Calls read the list ${listReads.length} times while the call ran`);
      if (firstStatus === 'Completed') t.diagnostic('the call ended before My Calls opened: the live update was not observed');

      for (const [viewport, size] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(size);
        for (const { name, path, ready } of pages(callId)) {
          const label = `${name}-${viewport}`;
          await page.goto(`${base}${path}`);
          await ready(page).waitFor({ timeout: 20_000 });
          await page.waitForTimeout(300);
          await page.screenshot({ path: join(SHOTS, `${label}.png`), fullPage: true });
          await expectAccessible(page, label);
          await expectSkipLink(page, label);
          if (viewport === 'desktop') await expectKeyboardTour(page, label);
          else await expectMobileMenu(page, label);
          if (name === 'explore') {
            const search = () => page.getByRole('button', { name: 'Search Businesses' }).click();
            await expectToastClearOfControls(page, `explore-${viewport}`, 'Missing information', search);
          }
        }
        if (viewport === 'mobile') {
          await page.goto(`${base}/calls`);
          await expectNewCallReachesForm(page, viewport);
        }
        if (viewport === 'desktop') {
          await page.goto(`${base}/help`);
          await page.getByRole('heading', { level: 1, name: 'Help & Support' }).waitFor();
          await expectSidebarShortcut(page);
          // The sidebar's background runs the whole height of a long page.
          const heights = await page.evaluate(() => ({
            aside: document.querySelector('aside')?.getBoundingClientRect().height ?? 0,
            main: document.querySelector('main')?.getBoundingClientRect().height ?? 0,
          }));
          assert.ok(heights.aside >= heights.main, `the sidebar (${heights.aside}px) runs as long as the page (${heights.main}px)`);
        }
      }
    });
  },
);
