import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineComponentStyles } from './build/mantine-component-styles.ts';
import { sideEffectFreePackages } from './build/side-effect-free-packages.ts';
import { routerGeneratorConfig } from './router-generator.config.ts';

const backend = 'http://127.0.0.1:3000';

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
              // Mantine's index imports the modal's scroll lock to re-export it: that is not the first page's.
              
              priority: 20,
            },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/, tags: ['$initial'], priority: 20 },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
});
