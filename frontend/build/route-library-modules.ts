import { posix } from 'node:path';
import type { Plugin } from 'vite';

const NAMED_IMPORTS = /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;

/** `a, b as c` → [a, a], [b, c]: each name as the module it comes from exports it, and as the importer calls it. */
function namePairs(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter(([name]) => name)
    .map(([name, alias]) => [name, alias ?? name]);
}

/** The file each name a package's index re-exports comes from. */
function reExportsOf(indexId: string, code: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, list, from] of code.matchAll(NAMED_IMPORTS)) {
    if (!from.startsWith('.')) continue;
    for (const [, name] of namePairs(list)) files.set(name, posix.join(posix.dirname(indexId), from));
  }
  return files;
}

interface ModuleGraph {
  getModuleInfo(id: string): { code: string | null; importedIds: readonly string[] } | null;
}

/**
 * The library modules a route's page imports through the app's own modules, for a chunk group in
 * vite.config.ts. A name imported from a package's index (`import { Badge } from '@mantine/core'`) counts
 * the file it comes from: the index re-exports every component, so following it would count them all.
 */
export function routeLibraryModules(routeChunk: RegExp, appDir: string) {
  const modules = new Set<string>();

  const collect = (graph: ModuleGraph, route: string) => {
    const seen = new Set<string>();
    const queue = [route];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      const info = seen.has(id) ? null : graph.getModuleInfo(id);
      seen.add(id);
      if (!info?.code) continue;
      queue.push(...info.importedIds.filter((imported) => imported.startsWith(appDir)));
      for (const [, list, from] of info.code.matchAll(NAMED_IMPORTS)) {
        if (from.startsWith('.') || from.startsWith('/')) continue;
        const index = info.importedIds.find((imported) => imported.includes(`/node_modules/${from}/`));
        const indexCode = index && graph.getModuleInfo(index)?.code;
        if (!index || !indexCode) continue;
        const files = reExportsOf(index, indexCode);
        // A name the index does not re-export from a file of its own is left where the bundler puts it.
        for (const [name] of namePairs(list)) {
          const file = files.get(name);
          if (file) modules.add(file);
        }
      }
    }
  };

  const plugin: Plugin = {
    name: 'ringcheck:route-library-modules',
    apply: 'build',
    buildEnd() {
      modules.clear();
      for (const id of this.getModuleIds()) if (routeChunk.test(id)) collect(this, id);
    },
  };
  return { plugin, has: (id: string) => modules.has(id) };
}
