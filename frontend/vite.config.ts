import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, normalizePath } from 'vite';
import { mantineComponentStyles } from './build/mantine-component-styles.ts';
import { precompressedAssets } from './build/precompressed-assets.ts';
import { routeLibraryModules } from './build/route-library-modules.ts';
import { sideEffectFreePackages } from './build/side-effect-free-packages.ts';
import { routerGeneratorConfig } from './router-generator.config.ts';

const backend = 'http://127.0.0.1:3000';

// The library modules of the home page's own chunk, found as the build runs (build/route-library-modules.ts).
const homePage = routeLibraryModules(
  /[\\/]src[\\/]routes[\\/]index\.tsx\?tsr-split=component/,
  normalizePath(fileURLToPath(new URL('./src/', import.meta.url))),
);
const UI_LIBRARIES = /node_modules[\\/](@mantine[\\/](?!charts[\\/])|@tabler[\\/])/;

export default defineConfig({
  plugins: [
    tanstackRouter({
      ...routerGeneratorConfig,
      autoCodeSplitting: true,
      // A route's pending component goes with its page: kept in the entry, it would bring the page's module
      // (and everything it imports) into the first load.
      codeSplittingOptions: { defaultBehavior: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']] },
    }),
    react(),
    mantineComponentStyles(),
    sideEffectFreePackages(),
    homePage.plugin,
    precompressedAssets(),
  ],
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/socket.io': { target: backend, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/socket.io': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/check-size-budget.mjs.
    manifest: true,
    // A browser without modulepreload (Safari before 17, Firefox before 115) still loads every module, only
    // without the head start: not worth the polyfill's weight on every first page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            // The charts and what only they draw with (and their stylesheet) load with the page that has a chart.
            {
              name: 'charts',
              test: /node_modules[\\/](@mantine[\\/]charts|recharts|victory-vendor|d3-[a-z-]+|internmap|decimal\.js-light|@reduxjs|redux|redux-thunk|react-redux|reselect|es-toolkit)[\\/]/,
              // Mantine's own modules it uses stay where the rest of the app finds them, not in here.
              includeDependenciesRecursively: false,
              priority: 5,
            },
            // Only what the first page needs ($initial): a component or icon only another page uses loads with that page.
            {
              name: 'mantine',
              test: /node_modules[\\/]@mantine[\\/](?!charts[\\/])/,
              tags: ['$initial'],
              priority: 20,
            },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/, tags: ['$initial'], priority: 20 },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, tags: ['$initial'], priority: 10 },
            // The home page's components and icons beyond the entry's, in one file rather than one each (each
            // shared with the other pages that use it): small files compress worse. Below mantine and icons, so
            // what the entry uses (and what these depend on with it) stays in theirs.
            { name: 'home-ui', test: (id) => UI_LIBRARIES.test(id) && homePage.has(id), priority: 8 },
          ],
        },
      },
    },
  },
});
