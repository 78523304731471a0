import { browserStorage } from '../anonymous/browser-storage';
import { ConsentStore } from './consent-store';

export { ConsentStore, type ConsentChoice } from './consent-store';
export { ConsentControl } from './consent-control';

/** This browser's analytics consent. */
export const consentStore = new ConsentStore(browserStorage());
