import { paths } from '@jewel/contract/values/web-paths';
import 'antd-mobile/es/components/nav-bar/nav-bar.css';
import { LeftOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect } from 'react';
import { useMatches, useNavigate } from 'react-router';
import { useTranslation } from '../lib/use-translation.ts';

export interface RouteHandle {
  /** `common:titles.<name>`: the page title in the navigation bar and the document. */
  titleKey: string;
  /** Tab pages have no back arrow. */
  tab?: boolean;
  /** Entry pages (sign-in, guest entry, link expired) have none either: there is nowhere to go back to. */
  entry?: boolean;
}

/** The title key of the page being shown, from its route's handle. */
function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  return matches.at(-1)?.handle as RouteHandle | undefined;
}

interface PageProps {
  /** Overrides the route's title (a page about one record may name it). */
  title?: ReactNode;
  /** One action on the right of the navigation bar. */
  right?: ReactNode;
  /** A bar that stays at the bottom (the primary action of a form). */
  footer?: ReactNode;
  children: ReactNode;
  /** A back-office list: at 1024 px and more the frame widens to a laptop's width for its table. */
  wide?: boolean;
}

/** Back to the top of the page, wherever it scrolls (a page with a footer scrolls inside). */
export function scrollPageToTop() {
  window.scrollTo({ top: 0 });
  document.querySelector('.page__content')?.scrollTo({ top: 0 });
}

/** Every page: the custom navigation bar (back, title, one action), the content, an optional sticky footer. */
export function Page({ title, right, footer, children, wide }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const handle = useRouteHandle();
  const routeTitle = handle ? t(handle.titleKey) : '';
  // A text title names the document too; a richer one leaves it to the route's.
  const titleText = typeof title === 'string' ? title : routeTitle;
  const noBack = handle?.tab || handle?.entry;
  const appName = t('common:appName');

  useEffect(() => {
    document.title = titleText ? `${titleText} · ${appName}` : appName;
  }, [titleText, appName]);

  const goBack = () => {
    // A page opened directly (no history of ours) goes home instead of leaving the app.
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(paths.home, { replace: true });
  };

  return (
    <div className={`page${footer ? ' page--with-footer' : ''}${wide ? ' page--wide' : ''}`}>
      <header className="page__nav">
        {/* antd-mobile's NavBar, drawn with its styles: its own left side is an unnamed role=button no key reaches. */}
        <div className="adm-nav-bar">
          <div className="adm-nav-bar-left">
            {noBack ? null : (
              <button
                type="button"
                className="adm-nav-bar-back page__back"
                aria-label={t('common:back')}
                onClick={goBack}
              >
                <LeftOutline className="adm-nav-bar-back-arrow" aria-hidden="true" />
              </button>
            )}
          </div>
          <div className="adm-nav-bar-title">
            <h1 className="page__title">{title ?? routeTitle}</h1>
          </div>
          <div className="adm-nav-bar-right">{right}</div>
        </div>
      </header>
      {/* A page with a footer scrolls its content here: a key must be able to reach it to scroll it. */}
      <main className="page__content" tabIndex={footer ? 0 : undefined}>
        {children}
      </main>
      {footer ? <footer className="page__footer">{footer}</footer> : null}
    </div>
  );
}
