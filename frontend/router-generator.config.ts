import { fileURLToPath } from 'node:url';
import tsrConfig from './tsr.config.json' with { type: 'json' };

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** tsr.config.json with absolute paths, so the plugins work whatever directory Vite is started from. */
export const routerGeneratorConfig = {
  target: 'react' as const,
  quoteStyle: 'single' as const,
  semicolons: tsrConfig.semicolons,
  routesDirectory: here(tsrConfig.routesDirectory),
  generatedRouteTree: here(tsrConfig.generatedRouteTree),
  tmpDir: here('./node_modules/.tanstack-router'),
};
