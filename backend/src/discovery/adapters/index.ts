export { createBusinessDirectory, type BusinessDirectoryConfig } from './create-business-directory';
export { EmbeddedDirectory, DEFAULT_RESULT_LIMIT } from './embedded-directory/embedded-directory';
export { defaultDirectoryDataPath, readDirectoryDataSet } from './embedded-directory/directory-data-file';
export type { DirectoryBusiness, DirectoryCategory, DirectoryCity, DirectoryDataSet, DirectorySchedule } from './embedded-directory/directory-data-set';
export { subsetDirectory } from './embedded-directory/directory-subset';
export { GooglePlacesDirectory, type GooglePlacesDirectoryOptions } from './google-places/google-places-directory';
export { PLACES_FIELD_MASK } from './google-places/places-api';
export { PlacesStandInServer, PLACES_FAILURES, type StandInFailure, type RecordedPlacesRequest } from './google-places/places-stand-in-server';
