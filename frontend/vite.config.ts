import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routerGeneratorConfig } from './router-generator.config.ts';

const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [tanstackRouter({ ...routerGeneratorConfig, autoCodeSplitting: true }), react()],
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
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            // The charts and what only they draw with load with the page that has a chart (their styles stay global).
            {
              name: 'charts',
              test: /node_modules[\\/](@mantine[\\/]charts|recharts|victory-vendor|d3-[a-z-]+|internmap|decimal\.js-light|@reduxjs|redux|redux-thunk|react-redux|reselect|es-toolkit)[\\/](?!.*\.css$)/,
              priority: 5,
            },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](?!charts[\\/])/, priority: 20 },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
