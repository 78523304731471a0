/** What the upgrade page can pitch: `/upgrade?feature=…`. */
export const UPGRADE_FEATURES = ['weekly-checkups', 'competitor-analysis', 'test-calls', 'locations'] as const;
export type UpgradeFeature = (typeof UPGRADE_FEATURES)[number];
