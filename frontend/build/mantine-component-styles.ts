import type { Plugin } from 'vite';

// Every Mantine component reads its class names from a `<Name>.module.mjs` file, and @mantine/core ships
// that component's stylesheet as `styles/<Name>.css` (the charts and notifications packages ship one
// stylesheet each). Importing the stylesheet from that file puts each component's CSS in the chunk that
// holds the component: the first page gets the styles of the components it renders, and a component only
// another page uses brings its styles with that page. Base files: src/main.tsx.
const CLASS_NAMES_FILE = /[\\/]node_modules[\\/]@mantine[\\/](core|notifications|charts)[\\/]esm[\\/](?:.*[\\/])?([A-Za-z-]+)\.module\.mjs$/;

export function stylesheetFor(id: string): string | null {
  const match = CLASS_NAMES_FILE.exec(id);
  if (!match) return null;
  const [, pkg, name] = match;
  return pkg === 'core' ? `@mantine/core/styles/${name}.css` : `@mantine/${pkg}/styles.css`;
}

export function mantineComponentStyles(): Plugin[] {
  return [
    {
      name: 'ringcheck:mantine-component-styles',
      apply: 'build',
      transform: {
        filter: { id: CLASS_NAMES_FILE },
        handler(code, id) {
          const stylesheet = stylesheetFor(id);
          // Appended: imports are hoisted anyway, and the file's source map keeps its lines.
          return stylesheet ? { code: `${code}\nimport ${JSON.stringify(stylesheet)};\n`, map: null } : null;
        },
      },
    },
    {
      // The dev server serves Mantine pre-bundled, out of reach of the transform above: it gets every style.
      name: 'ringcheck:mantine-styles-in-dev',
      apply: 'serve',
      transformIndexHtml: () => [
        {
          tag: 'script',
          attrs: { type: 'module' },
          children: ["import '@mantine/core/styles.css';", "import '@mantine/notifications/styles.css';", "import '@mantine/charts/styles.css';"].join('\n'),
          injectTo: 'head-prepend',
        },
      ],
    },
  ];
}
