import type { Plugin } from 'vite';

/**
 * Marks packages as free of side effects that are, though their package.json does not say so. Mantine's
 * index re-exports RemoveScroll, so without this the scroll lock's code (react-remove-scroll and what it
 * uses) stays in every page that imports anything from @mantine/core, drawer or not. Used by a page, it
 * is kept like any other import.
 */
const PACKAGES = /[\\/]node_modules[\\/](react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar)[\\/]/;

export function sideEffectFreePackages(): Plugin {
  return {
    name: 'ringcheck:side-effect-free-packages',
    apply: 'build',
    transform: {
      filter: { id: PACKAGES },
      handler: (code) => ({ code, map: null, moduleSideEffects: false }),
    },
  };
}
