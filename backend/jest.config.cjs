const { availableParallelism } = require('node:os');

// At least two workers, even on two cores: many suites spend their time waiting on calls played in real time.
module.exports = {
  ...require('../jest.base.cjs')(__dirname),
  globalSetup: '<rootDir>/jest.global-setup.cjs',
  maxWorkers: Math.max(2, availableParallelism() - 1),
};
