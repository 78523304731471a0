/** Nest injection token of the application's pino `Logger`. */
export const APP_LOGGER = Symbol('APP_LOGGER');
