import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, loadNamespaces } from './i18n.ts';
import { useTranslation } from './use-translation.ts';

vi.stubGlobal('fetch', async () => ({ json: async () => ({ code: 0, data: {} }) }));

function Title() {
  const { t, lang } = useTranslation(['offline', 'common']);
  return (
    <p lang={lang}>
      {t('justNow')} / {t('common:back')}
    </p>
  );
}

it('waits for its namespaces under Suspense, then follows a change of language', async () => {
  await initI18n('en');
  render(
    <Suspense fallback={<p>waiting</p>}>
      <Title />
    </Suspense>,
  );
  expect(screen.getByText('waiting')).toBeTruthy();
  // The load the component waits for, inside act so that React's retry is flushed.
  await act(() => loadNamespaces(['offline']));
  expect(screen.getByText('just now / Back')).toBeTruthy();
  await act(() => changeLanguage('zh-Hant'));
  expect(screen.getByText('剛剛 / 返回').getAttribute('lang')).toBe('zh-Hant');
});
