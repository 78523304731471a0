import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';

let sectionsModule: Promise<typeof import('./home-sections')> | null = null;

/** Starts loading the sections below the fold; the home route calls it as the page loads, without waiting. */
export const loadHomeSections = () => (sectionsModule ??= import('./home-sections'));

const HomeSections = lazy(() => loadHomeSections().then((module) => ({ default: module.HomeSections })));

/**
 * The home page's sections below the fold, which load beside the first paint rather than before it.
 * Until they come, a screen's height of room keeps the footer from showing and then jumping away.
 */
export function DeferredHomeSections() {
  return (
    <Suspense fallback={<Box mih="100vh" />}>
      <HomeSections />
    </Suspense>
  );
}
