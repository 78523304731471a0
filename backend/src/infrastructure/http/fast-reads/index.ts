export type { FastReadRequest, FastReadRoute, RenderedJson } from './fast-read-route';
export { type FastReadOptions, installFastReads } from './fast-read-server';
export { RenderedJsonCache } from './rendered-json-cache';
export { RenderedPageCache } from './rendered-page-cache';
