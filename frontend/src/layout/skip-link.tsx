import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

/** The id of the page's main content, which the skip link moves focus to. */
export const MAIN_CONTENT_ID = 'main-content';

/** Moves focus (and the view) to the main content without a navigation the router would handle. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  event.preventDefault();
  main.focus({ preventScroll: true });
  main.scrollIntoView({ block: 'start' });
}

/** The first stop of the tab order: hidden until focused, it skips the header (and the sidebar). */
export function SkipLink() {
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skipToContent}>
      Skip to main content
    </a>
  );
}
