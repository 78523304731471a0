export { fnv1a, hashString, SeededRandom } from './seeded-random';
