module.exports = { ...require('../jest.base.cjs')(__dirname), globalSetup: '<rootDir>/jest.global-setup.cjs' };
