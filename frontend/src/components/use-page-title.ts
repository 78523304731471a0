import { useEffect } from 'react';

/** Sets the browser tab title to "{title} | Ringcheck", or the plain product title without one. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Ringcheck` : 'Ringcheck: how does your phone line perform?';
  }, [title]);
}
