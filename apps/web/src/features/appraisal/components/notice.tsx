import type { ReactNode } from 'react';
import '../appraisal.css';

/** A short explanation at the top of a page: what this is, or why nothing can be done here. */
export function Notice({
  icon,
  title,
  text,
  extra,
  tone = 'info',
}: {
  icon: ReactNode;
  title: string;
  text: string;
  extra?: string;
  tone?: 'info' | 'warning';
}) {
  return (
    <section className={`card appraisal-notice appraisal-notice--${tone}`}>
      <span className="appraisal-notice__icon" aria-hidden>
        {icon}
      </span>
      <div className="appraisal-notice__body">
        <h2 className="appraisal-notice__title">{title}</h2>
        <p className="appraisal-notice__text">{text}</p>
        {extra ? <p className="appraisal-notice__extra">{extra}</p> : null}
      </div>
    </section>
  );
}
