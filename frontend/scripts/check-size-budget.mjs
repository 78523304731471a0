// `npm run size -w frontend`: prints the home page's initial JavaScript and CSS (gzip) and what each route
// adds, from the built frontend/dist; exits 1 when the initial load passes the budget, measured or as sent.
import { fileURLToPath } from 'node:url';
import { kB, measureWebWeight } from './web-weight.mjs';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const { initial, routes } = measureWebWeight(dist);

console.log(`Initial load of / : ${kB(initial.gzip)} gzip (JS ${kB(initial.jsGzip)}, CSS ${kB(initial.cssGzip)}) in ${initial.files.length} files`);
const { served } = initial;
console.log(`  as the server sends it: ${kB(served.brotli)} Brotli, ${kB(served.gzip)} gzip (${kB(served.raw)} uncompressed)`);
for (const file of initial.files) console.log(`  ${kB(file.gzip).padStart(9)}  ${file.file}`);
console.log('\nWhat each route adds (gzip, beyond the initial load):');
for (const route of routes) {
  console.log(`  ${kB(route.gzip).padStart(9)}  ${route.route.padEnd(40)} ${route.files.map((f) => f.file.replace(/^assets\//, '')).join(' ')}`);
}

const verdict = `${kB(initial.gzip)} (sent: ${kB(served.gzip)} gzip) against a budget of ${kB(initial.budget)}`;
if (!initial.withinBudget) {
  console.error(`\nThe home page's initial JavaScript and CSS is over budget: ${verdict}`);
  process.exit(1);
}
console.log(`\nWithin budget: ${verdict}`);
