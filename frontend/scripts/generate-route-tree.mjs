// Writes src/routeTree.gen.ts from the route files (settings in tsr.config.json), so type-checking
// works before any build has run.
import { Generator, getConfig } from '@tanstack/router-generator';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = getConfig(
  { disableLogging: true, tmpDir: fileURLToPath(new URL('../node_modules/.tanstack-router', import.meta.url)) },
  root,
);
await new Generator({ config, root }).run();
