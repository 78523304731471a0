export { LOG_LEVELS, NODE_ENVS, type AppConfig, type LogLevelName, type NodeEnv, usesSecureCookies } from './app-config';
export { APP_CONFIG } from './app-config.token';
export { AppConfigModule } from './app-config.module';
export { ConfigError, type ConfigProblem } from './config.error';
export { CONFIG_VARIABLES, configSchema, type ConfigVariableDoc } from './config.schema';
export { loadConfig, type LoadConfigOptions } from './load-config';
export { findRepoRoot } from './repo-root';
