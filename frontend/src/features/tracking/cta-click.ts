import type { ProductEvents } from './product-events';

/**
 * The `CTA Clicked` properties of a click, when it landed on (or inside) an element marked `data-cta`:
 * `data-cta` names the CTA, `data-cta-location` says where it sits (else the page's name), and
 * `data-cta-destination` where it leads (else the link's href, else null).
 */
export function ctaClickOf(target: EventTarget | null, pageName: string): ProductEvents['CTA Clicked'] | null {
  const element = target instanceof Element ? target.closest<HTMLElement>('[data-cta]') : null;
  if (!element) return null;
  const name = element.dataset.cta?.trim() || element.textContent?.trim() || '';
  if (!name) return null;
  const link = element.closest('a[href]');
  return {
    ctaName: name.slice(0, 120),
    ctaLocation: element.dataset.ctaLocation?.trim() || pageName,
    destination: element.dataset.ctaDestination?.trim() || link?.getAttribute('href') || null,
  };
}
