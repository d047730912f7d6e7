import type { NamedEntryRecord, PhotoGuide } from '@jewel/contract/catalog-admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTexts } from '../../../test/render.tsx';
import EntrySheetBody from './entry-sheet-body.tsx';

// A category's photo guide in its form (issue 28 item 5). Written from the rules the server and
// photo-guides.csv keep (ADR 0055): a code of lower-case letters, digits, - or _, no two shots
// with one code, a name in every language; the guide is saved whole, in the order on screen.

const names = (en: string, zh: string, ja: string) => ({ 'zh-Hans': zh, 'zh-Hant': zh, en, ja });
const FACE = { code: 'face', name: names('Face', '表盘', '文字盤'), outline: 'watch-dial', covers: null } as const;
const BACK = {
  code: 'caseback',
  name: names('Caseback', '后盖', '裏蓋'),
  outline: 'watch-back',
  covers: 'engraving_pics',
} as const;
const WATCH: NamedEntryRecord = {
  id: 7,
  code: 'watch',
  name: names('Watch', '手表', '腕時計'),
  purity: null,
  id_check_any_price: false,
  precious: false,
  retired: false,
};

/** The server: the guide's GET answers `guide`; a PUT answers what it was sent. */
function serve(guide: PhotoGuide) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const data = init.method === 'PUT' ? JSON.parse(String(init.body)) : url.includes('photo-guide') ? guide : null;
    return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const puts = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([, init]) => init.method === 'PUT')
    .map(([url, init]) => [url, JSON.parse(String(init.body))]);

function renderSheet() {
  renderWithTexts(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <EntrySheetBody kind="categories" entry={WATCH} onDone={() => {}} />
    </QueryClientProvider>,
  );
}
const shot = (index: number) => screen.getByRole('group', { name: new RegExp(`^Shot ${index}$`) });
const input = (group: HTMLElement, label: RegExp) => within(group).getByLabelText(label) as HTMLInputElement;

describe('a category’s photo guide', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens from the category with its shots, in order, and the reader at its title', async () => {
    serve({ shots: [FACE, BACK] });
    renderSheet();
    const row = await screen.findByRole('button', { name: /Photo guide\s*2 shots/ });
    await userEvent.click(row);
    const title = await screen.findByRole('heading', { name: 'Photo guide: Watch' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(input(shot(1), /^Code/).value).toBe('face');
    expect(input(shot(1), /^Name in 日本語/).value).toBe('文字盤');
    expect(
      within(shot(1))
        .getByRole('button', { name: /^Outline: / })
        .getAttribute('aria-label'),
    ).toBe('Outline: Watch, dial');
    expect(
      within(shot(2))
        .getByRole('button', { name: /^Takes the place of: / })
        .getAttribute('aria-label'),
    ).toBe('Takes the place of: Engraving photos');
    expect(within(shot(1)).getByRole('button', { name: 'Move shot 1 up' })).toHaveProperty('disabled', true);
    expect(within(shot(2)).getByRole('button', { name: 'Move shot 2 down' })).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Back to the category' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /Photo guide/ })));
  });

  it('checks each shot before saving, then saves the whole guide in the order on screen', async () => {
    const fetch = serve({ shots: [FACE, BACK] });
    renderSheet();
    await userEvent.click(await screen.findByRole('button', { name: /Photo guide\s*2 shots/ }));
    await screen.findByRole('heading', { name: 'Photo guide: Watch' });

    // The caseback first, the face taken out, a clasp added with the caseback's code and no Japanese name.
    await userEvent.click(screen.getByRole('button', { name: 'Move shot 2 up' }));
    expect(input(shot(1), /^Code/).value).toBe('caseback');
    await userEvent.click(screen.getByRole('button', { name: 'Remove shot 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a shot' }));
    const added = shot(2);
    await userEvent.type(input(added, /^Code/), 'caseback');
    await userEvent.type(input(added, /^Name in English/), 'Clasp');
    await userEvent.type(input(added, /^Name in 简体中文/), '表扣');
    await userEvent.type(input(added, /^Name in 繁體中文/), '錶扣');
    await userEvent.click(screen.getByRole('button', { name: 'Save the guide' }));

    const errorOf = (field: string) =>
      document.querySelector(`[data-field="${field}"]`)?.querySelector('[role="alert"]')?.textContent ?? null;
    expect(errorOf('shots.1.code')).toBe('Another shot has this code.');
    expect(errorOf('shots.1.name.ja')).toBe('Cannot be empty');
    expect(errorOf('shots.0.code')).toBeNull();
    expect(puts(fetch)).toEqual([]);

    await userEvent.clear(input(added, /^Code/));
    await userEvent.type(input(added, /^Code/), 'clasp');
    await userEvent.type(input(added, /^Name in 日本語/), 'バックル');
    await userEvent.click(screen.getByRole('button', { name: 'Save the guide' }));
    await waitFor(() =>
      expect(puts(fetch)).toEqual([
        [
          '/api/catalog/categories/7/photo-guide',
          {
            shots: [
              BACK,
              {
                code: 'clasp',
                name: { en: 'Clasp', 'zh-Hans': '表扣', 'zh-Hant': '錶扣', ja: 'バックル' },
                outline: 'generic',
                covers: null,
              },
            ],
          },
        ],
      ]),
    );
    // Saved: back at the category.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Photo guide: Watch' })).toBeNull());
  });
});
