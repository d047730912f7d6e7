import type { ReactNode } from 'react';

/**
 * A centred icon, a title, a line of explanation and an action: empty, error and "coming"
 * states. Lighter than antd-mobile's ErrorBlock, whose illustrations would weigh on every page.
 */
export function StatusView({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <section className="status-view" aria-live="polite">
      <span className="status-view__icon" aria-hidden="true">
        {icon}
      </span>
      <h2 className="status-view__title">{title}</h2>
      {description ? <p className="status-view__description">{description}</p> : null}
      {children ? <div className="status-view__action">{children}</div> : null}
    </section>
  );
}
