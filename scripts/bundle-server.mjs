// Bundles the built server (backend/dist/main.js) into backend/dist/server.cjs: one file loads in a
// fraction of the time Node takes to resolve and load the framework's hundreds of modules one by one.
// Native bindings, packages loaded only when configured, and what reads its own files stay outside.
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'backend/dist');
const external = [
  /^node:/,
  ...builtinModules,
  // Native bindings.
  /^libsql($|\/)/,
  /^@libsql\//,
  /^@node-rs\//,
  // Loaded only when their engine or service is configured.
  /^mongodb($|\/)/,
  /^ioredis($|\/)/,
  /^@eventstore\//,
  /^@socket\.io\/redis-streams-adapter/,
  /^pg($|\/)/,
  /^@segment\//,
  /^@sesamecare-oss\/redlock/,
  // Serves files from its own folder.
  /^swagger-ui-dist($|\/)/,
];

/** Each module's own folder for `__dirname` and `__filename`, as if it had not been bundled. */
const ownFolders = {
  name: 'own-folders',
  transform(code, id) {
    if (!/\b__(dirname|filename)\b/.test(code)) return null;
    const folder = relative(dist, dirname(id)) || '.';
    const file = relative(dist, id);
    return code
      .replace(/\b__dirname\b/g, `require("node:path").join(__dirname, ${JSON.stringify(folder)})`)
      .replace(/\b__filename\b/g, `require("node:path").join(__dirname, ${JSON.stringify(file)})`);
  },
};

const started = Date.now();
const bundle = await rolldown({
  input: join(dist, 'main.js'),
  platform: 'node',
  external,
  plugins: [ownFolders],
  onLog(level, log) {
    // Optional framework packages we do not use (microservices, GraphQL...) stay unresolved on purpose.
    if (level === 'warn' && ['UNRESOLVED_IMPORT', 'EVAL', 'CIRCULAR_DEPENDENCY', 'MISSING_EXPORT'].includes(log.code)) return;
    console.warn(`bundle-server: ${log.message}`);
  },
});
await bundle.write({ dir: dist, entryFileNames: 'server.cjs', chunkFileNames: 'server-[name]-[hash].cjs', format: 'cjs', sourcemap: false });
await bundle.close();
console.log(`bundle-server: backend/dist/server.cjs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
