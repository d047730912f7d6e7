import type { KnowledgeManagedArticle, KnowledgeManagedSummary } from '@jewel/contract/knowledge';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store.ts';
import { renderWithTexts } from '../../test/render.tsx';
import { MANAGER } from '../../test/users.ts';
import { ArticleEditorScreen } from './components/article-editor-screen.tsx';
import { KnowledgeAdminScreen } from './components/knowledge-admin-screen.tsx';

// The knowledge editor, for managers (issue 28 item 6): the list marks what readers see and the
// languages each article has; the editor writes a language per tab, previews through the server,
// saves unpublished and publishes once confirmed.

const CATEGORIES = [
  { id: 1, code: 'precious-metals', name: 'Precious metals' },
  { id: 2, code: 'gemstones', name: 'Gemstones' },
];

const SUMMARIES: KnowledgeManagedSummary[] = [
  {
    id: 7,
    title: 'Reading hallmarks',
    language: 'en',
    languages: ['zh-Hans', 'en', 'ja'],
    category: CATEGORIES[0] as KnowledgeManagedSummary['category'],
    cover: '/knowledge/precious-metals.svg',
    published: true,
    updated_at: '2026-11-20T01:00:00.000Z',
  },
  {
    id: 9,
    title: 'Sapphire windows',
    language: 'en',
    languages: ['en'],
    category: CATEGORIES[1] as KnowledgeManagedSummary['category'],
    cover: '',
    published: false,
    updated_at: '2026-11-21T01:00:00.000Z',
  },
];

const EN = { title: 'Sapphire windows', summary: '', body_markdown: '## Colour\n\nFace up.', tags: ['sapphire'] };
const SAVED: KnowledgeManagedArticle = {
  id: 9,
  category_id: 2,
  cover: '',
  published: false,
  versions: { 'zh-Hans': null, 'zh-Hant': null, en: EN, ja: null },
  updated_at: '2026-11-21T01:00:00.000Z',
};

type Answer = { status: number; body: object };
const ok = (data: unknown): Answer => ({ status: 200, body: { code: 0, msg: 'ok', data } });

/** The server: each path's GET answers from `reads`; each write answers the next of `writes`. */
function serve(reads: Record<string, Answer>, ...writes: Answer[]) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    const answer =
      init.method === 'GET'
        ? (reads[path] ?? { status: 404, body: { code: 1002, msg: 'not found', data: null } })
        : (writes.shift() ?? { status: 500, body: { code: 500, msg: 'no answer', data: null } });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const writes = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([, init]) => init.method !== 'GET')
    .map(([url, init]) => [init.method, new URL(url, 'http://localhost').pathname, JSON.parse(String(init.body))]);

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/list', element: <KnowledgeAdminScreen />, handle: { titleKey: 'common:titles.knowledgeAdmin' } },
      { path: '/edit', element: <ArticleEditorScreen />, handle: { titleKey: 'common:titles.knowledgeEditor' } },
      { path: '/pages-sub/knowledgeAdmin/edit', element: <ArticleEditorScreen /> },
    ],
    { initialEntries: [entry] },
  );
  renderWithTexts(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const errorOf = (name: string) =>
  document.querySelector(`[data-field="${name}"]`)?.querySelector('[role="alert"]')?.textContent ?? null;
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });

/** The dialog named `name`, once it has moved in (it takes no taps until then) and holds the focus. */
async function shownDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => {
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let node: HTMLElement | null = dialog; node; node = node.parentElement)
      expect(getComputedStyle(node).pointerEvents).not.toBe('none');
  });
  return dialog;
}

describe('the knowledge editor', { timeout: 20_000 }, () => {
  beforeEach(() => useAuthStore.setState({ token: 'token', user: MANAGER }));
  afterEach(async () => {
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    vi.unstubAllGlobals();
    useAuthStore.setState({ token: null, user: null });
  });

  it('lists every article with whether readers see it and its languages', async () => {
    serve({ '/api/knowledge/manage/articles': ok(SUMMARIES) });
    renderAt('/list');
    const list = await screen.findByRole('list', { name: 'Knowledge articles' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'Reading hallmarksPublishedPrecious metalsWritten in: 简体中文, English, 日本語',
      'Sapphire windowsNot publishedGemstonesWritten in: English',
    ]);
    expect(screen.getByRole('button', { name: 'New article' })).toBeTruthy();
  });

  it('says so when there is no article yet, and whom the page is for to anyone else', async () => {
    serve({ '/api/knowledge/manage/articles': ok([]) });
    renderAt('/list');
    expect(await screen.findByText('No articles yet')).toBeTruthy();
    useAuthStore.setState({ user: { ...MANAGER, is_manager: 0 } });
    expect(await screen.findByText('For the shop’s managers'.replace('’', "'"))).toBeTruthy();
  });

  it('writes a new article: says what is missing in its language tab, previews through the server, saves unpublished', async () => {
    const created = { ...SAVED, id: 12 };
    const fetch = serve(
      { '/api/knowledge/categories': ok(CATEGORIES), '/api/knowledge/manage/articles/12': ok(created) },
      ok({ body_html: '<h2>Colour</h2>\n<p>Face up.</p>' }),
      ok(created),
    );
    const router = renderAt('/edit');
    await userEvent.click(await screen.findByRole('button', { name: 'Save (not published)' }));
    expect(errorOf('category_id')).toBe('Cannot be empty');
    expect(errorOf('versions')).toBe('Write the article in at least one language.');

    // A title alone in Japanese: its text is wanted, and the Japanese tab is shown.
    await userEvent.click(tab('日本語'));
    await userEvent.type(screen.getByLabelText('Title (日本語)'), 'サファイア');
    await userEvent.click(tab('English'));
    await userEvent.click(screen.getByRole('button', { name: 'Save (not published)' }));
    expect(tab('日本語').getAttribute('aria-selected')).toBe('true');
    expect(errorOf('versions.ja.body_markdown')).toBe('Cannot be empty');
    await userEvent.clear(screen.getByLabelText('Title (日本語)'));

    const picker = screen.getByRole('button', { name: /^Category: / });
    picker.focus();
    await userEvent.keyboard('{Enter}');
    const wheel = await screen.findByRole('dialog', { name: 'Category' });
    await waitFor(() => expect(document.activeElement).toBe(within(wheel).getByRole('spinbutton')));
    await userEvent.keyboard('{End}');
    await userEvent.click(within(wheel).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(picker.getAttribute('aria-label')).toBe('Category: Gemstones'));

    await userEvent.click(tab('English'));
    await userEvent.type(screen.getByLabelText('Title (English)'), EN.title);
    await userEvent.type(screen.getByLabelText('Text in Markdown (English)'), '## Colour{Enter}{Enter}Face up.');
    await userEvent.type(screen.getByLabelText('Tags (English)'), 'sapphire, ');

    await userEvent.click(screen.getByRole('button', { name: 'Preview (English)' }));
    const preview = await shownDialog('Preview');
    // The server's rendering, shown as readers see an article; the sheet closes from its corner.
    expect(preview.querySelector('.knowledge-body')?.innerHTML).toBe('<h2>Colour</h2>\n<p>Face up.</p>');
    expect(within(preview).getByRole('heading', { name: EN.title })).toBeTruthy();
    await userEvent.click(within(preview).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Preview' })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Save (not published)' }));
    await waitFor(() =>
      expect(writes(fetch)).toEqual([
        ['POST', '/api/knowledge/manage/preview', { body_markdown: EN.body_markdown }],
        ['POST', '/api/knowledge/manage/articles', { category_id: 2, cover: '', versions: { en: EN } }],
      ]),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?id=12'));
    expect(await screen.findByRole('heading', { name: 'Not published' })).toBeTruthy();
  });

  it('publishes a saved article once confirmed; a refusal shows under the field it names', async () => {
    const reads = { '/api/knowledge/categories': ok(CATEGORIES), '/api/knowledge/manage/articles/9': ok(SAVED) };
    const fetch = serve(
      reads,
      {
        status: 400,
        body: { code: 1001, msg: 'Input error: versions.en.tags.0', data: { field: 'versions.en.tags.0' } },
      },
      ok({ ...SAVED, published: true }),
    );
    renderAt('/edit?id=9');
    expect(await screen.findByDisplayValue(EN.title)).toBeTruthy();
    expect((screen.getByLabelText('Tags (English)') as HTMLInputElement).value).toBe('sapphire');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorOf('versions.en.tags')).toBe('Input error: versions.en.tags.0'));

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const confirm = await shownDialog('Publish “Sapphire windows”?');
    expect(confirm.textContent).toContain('Every reader will see it');
    expect(writes(fetch)).toHaveLength(1);
    reads['/api/knowledge/manage/articles/9'] = ok({ ...SAVED, published: true });
    within(confirm).getByRole('button', { name: 'Publish' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(writes(fetch).at(-1)).toEqual(['PUT', '/api/knowledge/manage/articles/9/published', { published: true }]),
    );
    expect(await screen.findByRole('heading', { name: 'Published' })).toBeTruthy();
  });
});
