export interface ChangelogEntry {
  version: string;
  title: string;
  changes: string[];
}

/** Newest first. */
export const CHANGELOG: ChangelogEntry[] = [
  {
    version: '0.1.0',
    title: 'First release of the Ringcheck web app',
    changes: [
      'The home page, with the business search form, how it works and a sample report',
      'Navigation for every page: pricing, FAQ, comparison, call reports and the signed-in area',
      'Anonymous visits: use Ringcheck without an account',
      'A live connection that will stream test-call progress as it happens',
    ],
  },
];
