import { type RefObject, useEffect, useState } from 'react';
import type { FormRequest } from '../../search/home-form-request';
import { HERO_SEARCH_ID } from '../../search/hero-search-form';

const FORM_HIGHLIGHT_MS = 3000;

/**
 * Brings the hero form forward as `request` asks: scrolled to and highlighted for 3 s for the first-call
 * onboarding (spec section 2), scrolled to with the business name focused for New Call / Try Again.
 * Answers whether the form is highlighted now.
 */
export function useBringFormForward(request: FormRequest, businessNameInput: RefObject<HTMLInputElement | null>): boolean {
  const [highlighted, setHighlighted] = useState(false);

  useEffect(() => {
    if (!request) return undefined;
    // After the router has restored the page's scroll position for this navigation.
    const frame = requestAnimationFrame(() => {
      document.getElementById(HERO_SEARCH_ID)?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
      if (request === 'new-call') businessNameInput.current?.focus({ preventScroll: true });
    });
    if (request !== 'onboarding') return () => cancelAnimationFrame(frame);
    setHighlighted(true);
    const timer = setTimeout(() => setHighlighted(false), FORM_HIGHLIGHT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [request, businessNameInput]);

  return highlighted;
}
