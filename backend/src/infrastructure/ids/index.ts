export { ID_PREFIXES, ALL_ID_PREFIXES, type IdPrefix } from './id-prefixes';
export { InvalidIdError, type InvalidIdReason } from './invalid-id.error';
export { newId, parseId, isId, isUuid, uuidOf, uuidV5, idFromName, RINGCHECK_ID_NAMESPACE } from './ids';
export { ParseIdPipe } from './parse-id.pipe';
