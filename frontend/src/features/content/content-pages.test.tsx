import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AuthState, signedOutAuth } from '../auth/auth-context';
import { ApiStub, jsonResponse } from '../../test/api-stub';
import { renderApp } from '../../test/render-app';
import { comparisonFixture, faqFixture, PLANS } from './testing/content-fixtures';
import { ContentStandIn } from './testing/content-stand-in';

const user = userEvent.setup({ delay: null });
const OWNER: AuthState = { ...signedOutAuth, user: { id: 'user_00000000-0000-4000-8000-000000000007', email: 'dana@example.com', firstName: 'Dana' } };

let content: ContentStandIn;
beforeAll(async () => {
  content = await ContentStandIn.start();
});
afterAll(async () => {
  await content.stop();
});
beforeEach(() => {
  content.requests.length = 0;
  content.set('faq', []).set('pricing', []).set('comparison', []);
});

const open = (path: string, auth?: AuthState) => renderApp(path, { stub: content.serve(new ApiStub()), auth });
const alertText = async () => (await screen.findByRole('alert')).textContent;

describe('/faq', () => {
  it('shows 5 skeleton rows while loading, then the questions in the order the service gives them', async () => {
    const release = content.hold('faq');
    content.set('faq', [faqFixture(1), faqFixture(2), faqFixture(3)]);
    open('/faq');
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('faq-skeleton-row')).toHaveLength(5));
    release();
    await screen.findByRole('button', { name: 'Question number 1?' });
    expect(screen.queryByTestId('faq-skeleton-row')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Question number/ }).map((button) => button.textContent)).toEqual([
      'Question number 1?',
      'Question number 2?',
      'Question number 3?',
    ]);
    expect(document.title).toBe('FAQ | Ringcheck');
  });

  it('asks the query endpoint the server names, with a GROQ query ordered by creation date', async () => {
    content.set('faq', [faqFixture(1)]);
    open('/faq');
    await screen.findByRole('button', { name: 'Question number 1?' });
    expect(content.requests).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/content/v2023-05-03/data/query/production', query: expect.stringMatching(/^\*\[_type == "faq"\] \| order\(_createdAt asc\)/) }),
    ]);
  });

  it('keeps one answer open at a time', async () => {
    content.set('faq', [faqFixture(1), faqFixture(2)]);
    open('/faq');
    const first = await screen.findByRole('button', { name: 'Question number 1?' });
    const second = screen.getByRole('button', { name: 'Question number 2?' });
    expect([first, second].map((button) => button.getAttribute('aria-expanded'))).toEqual(['false', 'false']);
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await user.click(second);
    expect([first, second].map((button) => button.getAttribute('aria-expanded'))).toEqual(['false', 'true']);
    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('says there are no questions yet', async () => {
    open('/faq');
    expect(await screen.findByText('No FAQ items found. Please check back later.')).toBeInTheDocument();
  });

  it("shows the content service's message in a destructive alert when the load fails", async () => {
    content.fail('faq', 400, { error: { description: 'The query would take too much work', type: 'queryTooCostly' } });
    open('/faq');
    expect(await alertText()).toBe('Failed to load FAQ content: The query would take too much work');
    expect(screen.getByRole('alert')).toHaveAttribute('data-variant', 'light');
    expect(screen.getByRole('alert').getAttribute('style') ?? '').toMatch(/red/);
  });

  it('names the failure of the content configuration too', async () => {
    renderApp('/faq', { stub: new ApiStub().on('GET', '/api/content/config/', () => jsonResponse(400, { error: 'bad_request', detail: 'Nope.' })) });
    expect(await alertText()).toBe('Failed to load FAQ content: Nope.');
  });
});

describe('/pricing', () => {
  it('shows 3 skeleton cards while loading, then one card per plan with its price, features and the Recommended badge', async () => {
    const release = content.hold('pricing');
    content.set('pricing', PLANS);
    open('/pricing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Simple, Transparent Pricing' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('pricing-skeleton-card')).toHaveLength(3));
    release();
    const pro = await screen.findByRole('article', { name: 'Pro' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Free', 'Pro', 'Enterprise']);
    expect(within(pro).getByText('$29')).toBeInTheDocument();
    expect(within(pro).getByText('per month')).toBeInTheDocument();
    expect(within(pro).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Up to 5 locations', 'Unlimited test calls']);
    expect(screen.getAllByText('Recommended')).toHaveLength(1);
    expect(within(pro).getByText('Recommended')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Get Started with / })).toHaveLength(3);
  });

  it("opens the sign-up for a visitor, and takes a signed-in user to the upgrade page", async () => {
    content.set('pricing', PLANS);
    const visitor = open('/pricing');
    await user.click(await screen.findByRole('button', { name: 'Get Started with Pro' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    visitor.unmount();

    const { router } = open('/pricing', OWNER);
    await user.click(await screen.findByRole('button', { name: 'Get Started with Enterprise' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upgrade'));
  });

  it('says there are no plans at the moment', async () => {
    open('/pricing');
    expect(await screen.findByText('No pricing plans available at the moment. Please check back later.')).toBeInTheDocument();
  });

  it('shows the pricing failure in a destructive alert', async () => {
    content.fail('pricing', 400, { error: { description: 'bad', type: 'queryParseError' } });
    open('/pricing');
    expect(await alertText()).toBe('Failed to load pricing information. Please try again later.');
  });
});

describe('/comparison', () => {
  const comparisons = [comparisonFixture('calling-your-own-line', 'Calling Your Own Line'), comparisonFixture('uptime-monitoring', 'Uptime Monitoring')];

  it('shows 4 skeleton cards while loading, then a "vs" card per competitor linking to its page, and the closing block', async () => {
    const release = content.hold('comparison');
    content.set('comparison', comparisons);
    open('/comparison');
    expect(await screen.findByRole('heading', { level: 1, name: 'Why Choose Ringcheck?' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('comparison-skeleton-card')).toHaveLength(4));
    release();
    const card = await screen.findByRole('article', { name: 'vs Uptime Monitoring' });
    expect(within(card).getByText('Why Ringcheck beats Uptime Monitoring.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'vs Uptime Monitoring' })).toHaveAttribute('href', '/comparison/uptime-monitoring');
    expect(screen.getAllByRole('heading', { level: 2, name: /^vs / }).map((heading) => heading.textContent)).toEqual(['vs Calling Your Own Line', 'vs Uptime Monitoring']);
    expect(screen.getByRole('button', { name: 'Start Free Trial' })).toHaveAttribute('data-cta', 'start-free-trial');
    expect(screen.getByRole('link', { name: 'Schedule Demo' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  });

  it('says there is nothing to compare yet, and shows the comparison failure in a destructive alert', async () => {
    const view = open('/comparison');
    expect(await screen.findByText('No comparison data available at the moment. Please check back later.')).toBeInTheDocument();
    view.unmount();
    content.fail('comparison', 400, { error: { description: 'bad', type: 'queryParseError' } });
    open('/comparison');
    expect(await alertText()).toBe('Failed to load comparison information. Please try again later.');
  });

  it('opens a competitor page from its card', async () => {
    content.set('comparison', [
      comparisonFixture('uptime-monitoring', 'Uptime Monitoring', {
        summary: 'Monitors check that systems respond.',
        points: [{ _key: 'p1', _type: 'comparisonPoint', topic: 'People', ringcheck: 'Measures who answers.', alternative: 'Measures machines.' }],
        chooseAlternativeWhen: 'You need minute-by-minute alerts.',
      }),
    ]);
    open('/comparison');
    await user.click(await screen.findByRole('link', { name: 'vs Uptime Monitoring' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ringcheck vs Uptime Monitoring' })).toBeInTheDocument();
    expect(content.requests.at(-1)?.params).toEqual({ slug: 'uptime-monitoring' });
    expect(screen.getByText('Monitors check that systems respond.')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'People' })).toBeInTheDocument();
    expect(screen.getByText('You need minute-by-minute alerts.')).toBeInTheDocument();
    expect(document.title).toBe('Ringcheck vs Uptime Monitoring | Ringcheck');
  });
});

describe('/comparison/{slug}', () => {
  it('says clearly when no comparison has the slug', async () => {
    open('/comparison/not-a-thing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Comparison not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all comparisons' })).toHaveAttribute('href', '/comparison');
  });

  it('shows the comparison failure in a destructive alert', async () => {
    content.fail('comparison', 500, { error: { description: 'Down', type: 'serverError' } });
    open('/comparison/uptime-monitoring');
    expect(await screen.findByRole('alert', {}, { timeout: 8_000 })).toHaveTextContent('Failed to load comparison information. Please try again later.');
  }, 10_000);
});
