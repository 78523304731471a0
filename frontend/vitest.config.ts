import { tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { routerGeneratorConfig } from './router-generator.config.ts';

// Route files are generated into the tree but not code-split: tests render routes synchronously.
export default defineConfig({
  plugins: [tanstackRouterGenerator(routerGeneratorConfig), react()],
  test: {
    environment: 'jsdom',
    // Each test file in a fresh VM context of a long-lived process: as isolated as a process per file,
    // without starting a process and loading jsdom for every file, which was most of the suite's time.
    pool: 'vmForks',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // recharts' CommonJS build requires Redux Toolkit's ES module, which the vmForks pool cannot load:
    // the charts run from recharts' ES module build instead.
    alias: { recharts: 'recharts/es6/index.js' },
    server: { deps: { inline: ['@mantine/charts', 'recharts'] } },
  },
});
