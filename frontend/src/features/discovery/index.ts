export { BusinessResults, countLine } from './components/business-results';
export { ExploreDiscovery } from './components/explore-discovery';
export { HomeDiscovery } from './components/home-discovery';
export { PHONE_NOT_AVAILABLE, toBusinessResult, type BusinessResult } from './business-result';
export {
  DISCOVERY_MAX_POLL_DURATION_MS,
  DISCOVERY_MAX_POLLS,
  DISCOVERY_POLL_INTERVAL_MS,
  discoveryRoom,
} from './discovery-constants';
export { DISCOVERY_POLLING } from './discovery-polling';
export type { DiscoveryQuery, DiscoverySearchState, DiscoverySource } from './discovery-search-state';
export type * from '../../api/discoveries-api';
export { useDiscoverySearch, type DiscoverySearch } from './use-discovery-search';
export { useStartCall, type StartCall, type StartCallContext } from './use-start-call';
