import {
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
} from '@mantine/core';

/** Ringcheck blue: a calm, slightly teal blue that reads as "line is clear". */
const ringcheck: MantineColorsTuple = [
  '#e7f5fa',
  '#d3e9f2',
  '#a6d1e3',
  '#75b8d4',
  '#4da3c7',
  '#3496c0',
  '#238fbd',
  '#117ca7',
  '#006e96',
  '#005f84',
];

/** Deep navy for text-heavy surfaces (footer, sample report header). */
const ink: MantineColorsTuple = [
  '#eef2f8',
  '#dce2ec',
  '#b5c2d8',
  '#8ba0c4',
  '#6884b3',
  '#5272a9',
  '#4669a5',
  '#375890',
  '#2e4e81',
  '#142641',
];

const fontStack =
  "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/**
 * Light variants (badges, alerts, light buttons) keep their tinted background but get text dark enough
 * for WCAG AA on it: Mantine's default light text is too pale for small bold labels.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return resolved;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return resolved;
  return { ...resolved, color: `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 70%, black)` };
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'ringcheck',
  primaryShade: { light: 7, dark: 5 },
  colors: { ringcheck, ink },
  fontFamily: fontStack,
  fontFamilyMonospace: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  headings: { fontFamily: fontStack, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { radius: 'md' } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
  },
});

/** Mantine's dimmed grey is below WCAG AA contrast on white for body-size text; a darker one passes. */
const contrastVariables = {
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  // Coloured text (c="green" and the like) darkened to at least 4.5:1 on white.
  '--mantine-color-green-text': 'color-mix(in srgb, var(--mantine-color-green-9) 75%, black)',
  '--mantine-color-teal-text': 'color-mix(in srgb, var(--mantine-color-teal-9) 80%, black)',
  '--mantine-color-red-text': 'var(--mantine-color-red-9)',
  '--mantine-color-orange-text': 'color-mix(in srgb, var(--mantine-color-orange-9) 70%, black)',
  '--mantine-color-yellow-text': 'color-mix(in srgb, var(--mantine-color-yellow-9) 60%, black)',
  '--mantine-color-blue-text': 'var(--mantine-color-blue-9)',
};

/** Added to Mantine's variables, which the provider writes into the page (src/main.tsx says why). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({ variables: contrastVariables, light: contrastVariables, dark: {} });
