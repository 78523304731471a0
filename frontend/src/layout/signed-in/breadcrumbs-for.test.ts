// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { breadcrumbsFor } from './breadcrumbs-for';

const home = { label: 'Home', to: '/getting-started' };

describe('breadcrumbsFor', () => {
  it('starts with Home linking to /getting-started', () => {
    expect(breadcrumbsFor('/getting-started')).toEqual([home, { label: 'Getting Started' }]);
    expect(breadcrumbsFor('/locations/')).toEqual([home, { label: 'My Locations' }]);
    expect(breadcrumbsFor('/help')).toEqual([home, { label: 'Help & Support' }]);
  });

  it('shows /upgrade, which has no sidebar link', () => {
    expect(breadcrumbsFor('/upgrade')).toEqual([home, { label: 'Upgrade' }]);
  });

  it('names the analysts’ page after its title', () => {
    expect(breadcrumbsFor('/analytics')).toEqual([home, { label: 'Conversion' }]);
  });

  it('puts call pages under My Calls as Call Details', () => {
    const expected = [home, { label: 'My Calls', to: '/calls' }, { label: 'Call Details' }];
    expect(breadcrumbsFor('/call/call_1')).toEqual(expected);
    expect(breadcrumbsFor('/call/call_1/analysis')).toEqual(expected);
  });
});
