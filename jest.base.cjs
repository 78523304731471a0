// Shared Jest settings: @swc/jest compiles TypeScript and the ES-module Nest packages in node_modules.
const path = require('node:path');
module.exports = (dir) => ({
  rootDir: dir,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  transform: {
    '^.+\\.(t|j|mj|cj)s$': [
      require.resolve('@swc/jest'),
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2023',
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // Nest 12 ships ES modules, so node_modules is compiled too; google-protobuf is CommonJS that relies
  // on a top-level `this` and must be left alone.
  transformIgnorePatterns: ['/node_modules/google-protobuf/'],
  moduleNameMapper: { '^@ringcheck/projections$': path.join(__dirname, 'projections/src/index.ts') },
  testTimeout: 20000,
  // Specs of calls that play in real time run their tests concurrently, all at once.
  maxConcurrency: 16,
});
