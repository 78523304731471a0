import type { BusinessDirectory } from '../ports/business-directory';
import { EmbeddedDirectory } from './embedded-directory/embedded-directory';
import { GooglePlacesDirectory } from './google-places/google-places-directory';

export interface BusinessDirectoryConfig {
  /** When set, Google Places answers searches; otherwise the bundled directory does. */
  googlePlacesApiKey?: string;
}

export function createBusinessDirectory(config: BusinessDirectoryConfig): BusinessDirectory {
  const apiKey = config.googlePlacesApiKey?.trim();
  if (apiKey) return new GooglePlacesDirectory({ apiKey });
  return EmbeddedDirectory.fromFile();
}
