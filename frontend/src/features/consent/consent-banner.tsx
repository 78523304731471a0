import { Anchor, Box, Button, Collapse, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ConsentControl } from './consent-control';
import { CONSENT_MESSAGES as M } from './consent-messages';

/** The banner's height, for what must stay clear of it (the toasts lift above it). */
export const BANNER_HEIGHT_VAR = '--rc-consent-banner-height';

/** Tells the page how tall the banner is while it shows, and leaves the same room below the page's own content. */
function useReservedHeight(shown: boolean) {
  const banner = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = banner.current;
    if (!shown || !element) return undefined;
    const measure = () => setHeight(Math.ceil(element.getBoundingClientRect().height));
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      setHeight(0);
    };
  }, [shown]);
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty(BANNER_HEIGHT_VAR, `${height}px`);
    // A control that receives focus, or is scrolled to, stops above the banner rather than behind it.
    root.style.scrollPaddingBottom = height > 0 ? `${height}px` : '';
    return () => {
      root.style.removeProperty(BANNER_HEIGHT_VAR);
      root.style.scrollPaddingBottom = '';
    };
  }, [height]);
  // Focus moving to a control behind the banner (Tab from the field above it) brings it into view above.
  useEffect(() => {
    if (!shown) return undefined;
    const reveal = (event: FocusEvent) => {
      const element = banner.current;
      const target = event.target;
      if (!element || !(target instanceof Element) || element.contains(target)) return;
      const overlap = target.getBoundingClientRect().bottom - element.getBoundingClientRect().top;
      if (overlap > 0) window.scrollBy({ top: overlap + 8, behavior: 'instant' });
    };
    document.addEventListener('focusin', reveal);
    return () => document.removeEventListener('focusin', reveal);
  }, [shown]);
  return { banner, height };
}

/**
 * The GDPR consent banner (spec: consent before analytics): at the bottom on a first visit, and again when
 * the visitor opens "Privacy choices". It blocks nothing: the page stays usable around it, and keeps room
 * below its content so no control ends up behind it. Accept and Decline look the same.
 */
export function ConsentBanner({ consent }: { consent: ConsentControl }) {
  const choice = useSyncExternalStore(consent.subscribe, consent.get, consent.get);
  const reviewing = useSyncExternalStore(consent.subscribeReview, consent.isReviewing, consent.isReviewing);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const shown = choice === null || reviewing;
  const { banner, height } = useReservedHeight(shown);
  const titleId = useId();
  const detailsId = useId();
  const returnFocusTo = useRef<HTMLElement | null>(null);

  // Opened from "Privacy choices": focus moves into the banner, and back where it came from once answered.
  useEffect(() => {
    if (!reviewing) return;
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    banner.current?.focus();
  }, [reviewing, banner]);

  if (!shown) return null;

  const choose = (value: boolean) => {
    const back = returnFocusTo.current;
    returnFocusTo.current = null;
    void consent.choose(value);
    if (back?.isConnected) back.focus();
  };

  const current = choice === true ? M.currentlyAccepted : choice === false ? M.currentlyDeclined : null;

  return (
    <>
      <Box aria-hidden="true" style={{ height }} />
      <Paper
        ref={banner}
        component="section"
        role="region"
        aria-labelledby={titleId}
        tabIndex={-1}
        shadow="lg"
        radius={0}
        withBorder
        px={{ base: 'sm', sm: 'md' }}
        py={{ base: 'xs', sm: 'md' }}
        style={{ position: 'fixed', insetInline: 0, bottom: 0, zIndex: 150, outlineOffset: -3 }}
      >
        <Stack gap={6} maw={960} mx="auto">
          <Text id={titleId} fw={700} fz="sm">
            {M.title}
          </Text>
          <Text fz="sm">
            {M.text}{' '}
            <Anchor component="button" type="button" fz="sm" aria-expanded={detailsOpen} aria-controls={detailsId} onClick={() => setDetailsOpen((open) => !open)}>
              {detailsOpen ? M.hideDetails : M.showDetails}
            </Anchor>
          </Text>
          <Collapse expanded={detailsOpen} id={detailsId}>
            <Stack gap={4} pb="xs">
              <Text fz="sm" fw={600}>
                {M.withConsentTitle}
              </Text>
              <List size="sm" spacing={2}>
                {M.withConsent.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
              <Text fz="sm" fw={600} mt={4}>
                {M.alwaysTitle}
              </Text>
              <List size="sm" spacing={2}>
                {M.always.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </Stack>
          </Collapse>
          {current && (
            <Text fz="sm" c="dimmed">
              {current}
            </Text>
          )}
          <Group gap="sm" grow preventGrowOverflow={false} maw={{ base: '100%', sm: 360 }}>
            <Button variant="filled" onClick={() => choose(true)}>
              {M.accept}
            </Button>
            <Button variant="filled" onClick={() => choose(false)}>
              {M.decline}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
