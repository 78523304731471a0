import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, forwardRef } from 'react';

type MantineAnchorProps = AnchorProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof AnchorProps>;

const MantineAnchor = forwardRef<HTMLAnchorElement, MantineAnchorProps>(function MantineAnchor(props, ref) {
  return <Anchor ref={ref} {...props} />;
});

const CreatedAnchorLink = createLink(MantineAnchor);

/** A Mantine anchor that is a router link, with typed `to`, `params` and `search`. */
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => <CreatedAnchorLink preload="intent" {...props} />;
