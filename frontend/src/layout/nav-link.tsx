import { Link, useRouterState } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import type { NavItem } from './nav-items';

interface NavLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  item: NavItem;
  onNavigate?: () => void;
}

const SMOOTH: ScrollIntoViewOptions = { behavior: 'smooth', block: 'start' };

/**
 * A header or footer link. Anchors go to `/` first when clicked on another page and scroll
 * smoothly to their section.
 */
export function NavLink({ item, onNavigate, onClick, ...rest }: NavLinkProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  if (item.kind === 'route') {
    return (
      <Link to={item.to} onClick={(event) => (onClick?.(event), onNavigate?.())} {...rest}>
        {item.label}
      </Link>
    );
  }

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    onNavigate?.();
    // Clicking the anchor that is already in the URL does not change the location, so scroll here.
    if (pathname === '/') document.getElementById(item.anchor)?.scrollIntoView(SMOOTH);
  };

  return (
    <Link to="/" hash={item.anchor} hashScrollIntoView={SMOOTH} onClick={handleClick} data-anchor-link {...rest}>
      {item.label}
    </Link>
  );
}
