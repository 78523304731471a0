/**
 * The environment for a process a spec starts: the machine's, minus every setting that would point it at
 * shared engines (CI sets MONGODB_URI for the MongoDB contract suite), a hosted sign-in provider or a paid model.
 */
const SHARED_ENGINE_SETTINGS = [
  'MONGODB_URI',
  'MONGODB_DB',
  'EVENTSTORE_CONNECTION_STRING',
  'EVENT_STORE_URL',
  'REDIS_URL',
  'GOOGLE_PLACES_API_KEY',
  'ANALYZER',
  'CLERK_PUBLISHABLE_KEY',
  'CLERK_SECRET_KEY',
  'OIDC_ISSUER_URL',
];

export function isolatedEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of SHARED_ENGINE_SETTINGS) delete env[name];
  return { ...env, ...extra };
}
