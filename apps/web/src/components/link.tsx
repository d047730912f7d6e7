import type { AnchorHTMLAttributes } from 'react';
import { type To, useHref, useLinkClickHandler } from 'react-router';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To };

/**
 * A link to a page of the app. react-router's own `Link` also carries framework mode's route
 * discovery and prefetching, which a single-page app never uses and every first load would pay
 * for (ADR 0088); its two hooks are the same navigation.
 */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}
