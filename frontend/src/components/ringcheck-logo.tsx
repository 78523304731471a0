import { Group, Text } from '@mantine/core';

interface RingcheckLogoProps {
  size?: number;
  /** Light text for dark backgrounds. */
  inverted?: boolean;
}

/** The Ringcheck mark (a rounded tile with a check and a ringing arc) and word mark. */
export function RingcheckLogo({ size = 30, inverted = false }: RingcheckLogoProps) {
  return (
    <Group gap={10} wrap="nowrap" align="center">
      <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-hidden="true">
        <defs>
          <linearGradient id="ringcheck-logo-fill" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#238fbd" />
            <stop offset="1" stopColor="#005f84" />
          </linearGradient>
        </defs>
        <rect x="1" y="1" width="30" height="30" rx="8" fill="url(#ringcheck-logo-fill)" />
        <path d="M9 16.5l4.6 4.6L23 11.5" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M20.5 5.8a6.5 6.5 0 0 1 5.7 5.7" fill="none" stroke="#a6d1e3" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <Text component="span" fw={800} fz={size * 0.68} lh={1} style={{ letterSpacing: '-0.02em' }} c={inverted ? 'white' : 'ink.9'}>
        Ring
        <Text component="span" inherit c={inverted ? 'ringcheck.2' : 'ringcheck.7'}>
          check
        </Text>
      </Text>
    </Group>
  );
}
