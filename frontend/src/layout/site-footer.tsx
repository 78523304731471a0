import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { RingcheckLogo } from '../components/ringcheck-logo';
import { PrivacyChoicesLink } from '../features/consent/privacy-choices-link';
import { NavLink } from './nav-link';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={8}>
      <Text fz="xs" fw={700} tt="uppercase" c="ink.2" style={{ letterSpacing: '0.08em' }}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

const linkStyle = { color: 'var(--mantine-color-ink-1)', fontSize: 'var(--mantine-font-size-sm)', textDecoration: 'none' };

/** Footer: Pricing, FAQ, Comparison, and anchors for pages that do not exist yet. */
export function SiteFooter() {
  return (
    <Box component="footer" bg="ink.9" c="white" py={48} mt="auto">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <Link to="/" aria-label="Ringcheck home" style={{ textDecoration: 'none', width: 'fit-content' }}>
              <RingcheckLogo inverted size={26} />
            </Link>
            <Text fz="sm" c="ink.1" maw={260}>
              Test calls that show business owners how their phone line really performs.
            </Text>
          </Stack>
          <FooterColumn title="Product">
            <NavLink item={{ label: 'Product', kind: 'anchor', anchor: 'product' }} style={linkStyle} />
            <NavLink item={{ label: 'How It Works', kind: 'anchor', anchor: 'how-it-works' }} style={linkStyle} />
            <NavLink item={{ label: 'Changelog', kind: 'anchor', anchor: 'changelog' }} style={linkStyle} />
          </FooterColumn>
          <FooterColumn title="Compare">
            <NavLink item={{ label: 'Pricing', kind: 'route', to: '/pricing' }} style={linkStyle} />
            <NavLink item={{ label: 'FAQ', kind: 'route', to: '/faq' }} style={linkStyle} />
            <NavLink item={{ label: 'Comparison', kind: 'route', to: '/comparison' }} style={linkStyle} />
          </FooterColumn>
          <FooterColumn title="Company">
            <Anchor href="#" style={linkStyle}>
              About
            </Anchor>
            <Anchor href="#" style={linkStyle}>
              Privacy Policy
            </Anchor>
            <PrivacyChoicesLink style={linkStyle} />
            <Anchor href="#" style={linkStyle}>
              Terms of Service
            </Anchor>
          </FooterColumn>
        </SimpleGrid>
        <Group justify="space-between" mt={40} pt="md" style={{ borderTop: '1px solid rgba(255,255,255,0.12)' }}>
          <Text fz="xs" c="ink.2">
            © {new Date().getFullYear()} Ringcheck. All rights reserved.
          </Text>
          <Text fz="xs" c="ink.2">
            Version 0.1.0
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
