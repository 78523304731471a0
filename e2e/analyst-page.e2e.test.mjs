// The analysts' conversion page end to end: an account is made analyst with the roles command and signs in
// again; the page reads the figures so far; a visitor arriving from a campaign searches, calls a business
// and signs up; the analyst's figures now count that visitor at every stage and under its source, while the
// figures as of a moment before it do not; a range without visitors says so; the CSV downloads with the
// week and source rows; and an account without the role is refused. axe-core checks each state, at
// desktop and phone width. Run after `npm run build` with `node --test e2e/analyst-page.e2e.test.mjs`.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { answeringBusiness, expectAccessible, missingBrowser, root, withAppAndBrowser } from './support.mjs';

const run = promisify(execFile);
const PASSWORD = 'correct horse battery';
const CAMPAIGN = 'e2e-newsletter';
const STAGES = ['visitors', 'searched', 'called', 'signed_up'];

/** Answers the consent banner when it shows, so the page views (and their campaign) are recorded. */
async function acceptAnalytics(page) {
  const accept = page.getByRole('button', { name: 'Accept', exact: true });
  await accept.waitFor({ timeout: 5_000 }).then(() => accept.click(), () => undefined);
}

/** Opens the sign-up form from the header and creates an account; resolves once the visitor is linked to it. */
async function signUp(page, email, firstName) {
  await page.getByRole('button', { name: 'Get Started' }).first().click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('First name').fill(firstName);
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const linked = page.waitForResponse((response) => response.url().includes('/api/users/conversion-analytics/'), { timeout: 20_000 });
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/getting-started$/, { timeout: 20_000 });
  await linked;
}

/** The funnel's counts as the page's table shows them. */
async function funnelOf(page) {
  const counts = {};
  for (const stage of STAGES) {
    const cell = page.getByTestId(`funnel-${stage}`).locator('td').first();
    counts[stage] = Number((await cell.textContent()).replace(/,/g, ''));
  }
  return counts;
}

/** Reloads until the figures show `expected` (the read model follows the log within moments). */
async function waitForFunnel(page, expected, label) {
  let shown;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await page.getByTestId('funnel-visitors').waitFor({ timeout: 20_000 });
    shown = await funnelOf(page);
    if (STAGES.every((stage) => shown[stage] === expected[stage])) return shown;
    await page.waitForTimeout(500);
    await page.reload();
  }
  assert.deepEqual(shown, expected, label);
  return shown;
}

const plus = (counts, n) => Object.fromEntries(STAGES.map((stage) => [stage, counts[stage] + n]));

test(
  'an analyst sees a new visitor in the conversion figures, changes the range, downloads the CSV; others are refused',
  { skip: missingBrowser, timeout: 240_000 },
  async (t) => {
    const { place, city } = await answeringBusiness();
    const env = { SANDBOX_TIME_SCALE: '0.05', SANDBOX_RECORDING_SPEECH: 'off', RATE_LIMIT_PER_MINUTE: '1000' };
    await withAppAndBrowser(t, env, async ({ base, page, shots, dataDir }) => {
      const stamp = Date.now();
      const analystEmail = `analyst-${stamp}@example.com`;
      const visitorEmail = `visitor-${stamp}@example.com`;

      // An account, made analyst from the command line, signs in again to carry the role.
      await page.goto(`${base}/`);
      await acceptAnalytics(page);
      await signUp(page, analystEmail, 'Robin');
      const { stdout } = await run(process.execPath, ['backend/dist/cli/roles-cli.js', 'grant', analystEmail, 'analyst', '--by', 'e2e'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      });
      assert.match(stdout, /analyst/);
      assert.equal(await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Conversion' }).count(), 0);
      await page.getByRole('button', { name: /Account menu$/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL(`${base}/`);
      await page.getByRole('button', { name: 'Login' }).click();
      const signIn = page.getByRole('form', { name: 'Sign in' });
      await signIn.getByLabel('E-mail').fill(analystEmail);
      await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
      const signedIn = page.waitForResponse((response) => response.url().endsWith('/api/auth/sign-in/'));
      await signIn.getByRole('button', { name: 'Sign in' }).click();
      assert.deepEqual((await (await signedIn).json()).user.roles, ['analyst'], 'the session carries the role');
      await signIn.waitFor({ state: 'detached' });

      // The sidebar offers the page to the analyst now.
      await page.goto(`${base}/getting-started`);
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Conversion' }).click();
      await page.waitForURL(/\/analytics$/);
      await page.getByRole('heading', { level: 1, name: 'Conversion' }).waitFor();
      const before = await waitForFunnel(page, { visitors: 1, searched: 0, called: 0, signed_up: 1 }, 'the analyst alone has visited and signed up');
      const beforeVisitor = new Date().toISOString();
      await page.waitForTimeout(1_100);

      // A visitor from a campaign searches, calls and signs up, in a browser of its own.
      const visitorContext = await page.context().browser().newContext({ viewport: { width: 1280, height: 800 } });
      const visitor = await visitorContext.newPage();
      try {
        // Nothing is recorded before consent: once accepted, the landing page's view carries the campaign.
        await visitor.goto(`${base}/?utm_source=${CAMPAIGN}`);
        await acceptAnalytics(visitor);
        const pageView = visitor.waitForResponse(
          (response) => response.url().includes('/api/analytics/batch/') && (response.request().postData() ?? '').includes(CAMPAIGN),
          { timeout: 20_000 },
        );
        await visitor.reload();
        assert.equal((await pageView).status(), 200);
        await visitor.getByLabel('Business name').fill(place.name);
        await visitor.getByLabel('Location').fill(city);
        await visitor.getByRole('button', { name: 'Find my business' }).click();
        const card = visitor.getByRole('article', { name: place.name, exact: true }).first();
        await card.waitFor({ timeout: 20_000 });
        await card.getByRole('button', { name: 'Start AI Call' }).click();
        await visitor.waitForURL(/\/call\/call_[0-9a-f-]{36}$/, { timeout: 20_000 });
        await signUp(visitor, visitorEmail, 'Dana');

        // The new user has no role: no link, and the page itself is refused by the server.
        assert.equal(await visitor.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Conversion' }).count(), 0);
        await visitor.goto(`${base}/analytics`);
        await visitor.getByRole('heading', { level: 2, name: 'This page is for analysts' }).waitFor({ timeout: 20_000 });
        assert.equal(await visitor.getByTestId('funnel-visitors').count(), 0);
        await visitor.screenshot({ path: join(shots, 'analytics-refused.png'), fullPage: true });
        await expectAccessible(visitor, 'analytics-refused');
      } finally {
        await visitorContext.close();
      }

      // The analyst's figures count the visitor at every stage, and under its campaign.
      await page.reload();
      const after = await waitForFunnel(page, plus(before, 1), 'the visitor is counted at every stage');
      const sources = page.getByRole('table', { name: 'Visitors by where they came from, and how many signed up' });
      const campaignRow = sources.getByTestId('source-row').filter({ has: page.getByRole('rowheader', { name: CAMPAIGN, exact: true }) });
      await campaignRow.waitFor({ timeout: 10_000 });
      assert.deepEqual(
        await campaignRow.locator('td').evaluateAll((cells) => cells.slice(0, 4).map((cell) => cell.textContent)),
        ['1', '1', '1', '1'],
      );
      await page.getByTestId('as-of').getByText(/^Figures as of event #[\d,]+, recorded /).waitFor();
      await page.locator('.recharts-surface').first().waitFor({ timeout: 20_000 });
      await page.screenshot({ path: join(shots, 'analytics-figures.png'), fullPage: true });
      await expectAccessible(page, 'analytics-figures');

      // The CSV: a header, the week and source rows, each adding up to the funnel.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
      assert.match(download.suggestedFilename(), /^ringcheck-conversion_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}_event-\d+\.csv$/);
      const bytes = await readFile(await download.path());
      assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'the CSV starts with the UTF-8 byte order mark');
      const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
      assert.equal(lines[0], 'section,key,visitors,searched,called,signed_up');
      const rows = lines.slice(1).map((line) => line.split(','));
      for (const section of ['week', 'source']) {
        const sums = STAGES.map((_, i) => rows.filter((row) => row[0] === section).reduce((sum, row) => sum + Number(row[i + 2]), 0));
        assert.deepEqual(sums, STAGES.map((stage) => after[stage]), `the ${section} rows add up to the funnel`);
      }
      assert.ok(rows.some((row) => row.join(',') === `source,${CAMPAIGN},1,1,1,1`), 'the campaign has its row');

      // As of a moment before the visitor came, the figures are those seen then.
      await page.goto(`${base}/analytics?as_of=${encodeURIComponent(beforeVisitor)}`);
      assert.deepEqual(await waitForFunnel(page, before, 'the figures as of before the visitor'), before);
      await page.getByTestId('as-of').getByText('(a past moment, chosen above)').waitFor();
      await page.getByRole('button', { name: 'Latest figures' }).click();
      await page.waitForURL((url) => !url.searchParams.has('as_of'));
      await waitForFunnel(page, after, 'the latest figures again');

      // The range: one that runs backwards is refused on the form; one without visitors says so.
      const form = page.getByRole('form', { name: 'Date range' });
      await form.getByLabel('From').fill('2025-02-01');
      await form.getByLabel('To').fill('2025-01-01');
      await form.getByRole('button', { name: 'Apply' }).click();
      await form.getByText('The last day cannot be before the first').waitFor();
      await form.getByLabel('From').fill('2025-01-01');
      await form.getByLabel('To').fill('2025-01-31');
      // By keyboard: Enter in a field applies the range.
      await form.getByLabel('To').press('Enter');
      await page.waitForURL(/from=2025-01-01&to=2025-01-31/);
      await page.getByRole('heading', { level: 2, name: 'No visitors in this range' }).waitFor({ timeout: 20_000 });
      await page.screenshot({ path: join(shots, 'analytics-empty.png'), fullPage: true });
      await expectAccessible(page, 'analytics-empty');
      await page.getByRole('button', { name: 'Show the last 12 weeks' }).click();
      await waitForFunnel(page, after, 'back to the default range');

      // Phone width: the page reflows without losing anything.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator('.recharts-surface').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `the page does not scroll sideways at phone width (${overflow}px too wide)`);
      await page.screenshot({ path: join(shots, 'analytics-phone.png'), fullPage: true });
      await expectAccessible(page, 'analytics-phone');
    });
  },
);
