import type { Category } from '@jewel/contract/catalog';
import { NO_ACCESSORIES } from '@jewel/contract/values/commodity';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogKeys } from '../../../lib/query-keys.ts';
import { renderWithTexts } from '../../../test/render.tsx';
import { type CommodityDraft, emptyCommodity, validateCommodity } from '../enroll-model.ts';
import { CommodityFields } from './commodity-fields.tsx';
import { sectionsTakenByShots } from './mark-fields.tsx';

/** The form of one commodity with the errors its check found, as the register page shows them. */
function CheckedCommodity({ draft }: { draft: CommodityDraft }) {
  const errors = validateCommodity(draft, 'commodities.0.');
  return <CommodityFields value={draft} onChange={() => {}} errors={errors} prefix="commodities.0." index={1} />;
}

function renderChecked(draft: CommodityDraft) {
  renderWithTexts(
    <QueryClientProvider client={new QueryClient()}>
      <CheckedCommodity draft={draft} />
    </QueryClientProvider>,
  );
}

/** The error shown in the field with this path, or null. */
const errorOf = (path: string) =>
  document.querySelector(`[data-field="${path}"]`)?.querySelector('[role="alert"]')?.textContent ?? null;

describe('CommodityFields, checked', () => {
  // The lists (brands, categories...) stay loading: these tests are about the form's own checks.
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the required choices, the name and the three required photos', () => {
    renderChecked(emptyCommodity('one'));
    expect(errorOf('commodities.0.brand_id')).toBe('Please choose the Brand');
    expect(errorOf('commodities.0.category_id')).toBe('Please choose the Category');
    expect(errorOf('commodities.0.product_status')).toBe('Please choose the Product condition');
    expect(errorOf('commodities.0.product_name')).toBe('Product name cannot be empty');
    expect(errorOf('commodities.0.size_pics')).toBe('Please upload a size photo');
    expect(errorOf('commodities.0.product_pics')).toBe('Please upload a product photo');
    expect(errorOf('commodities.0.accessory_pics')).toBe('Please upload an accessory photo');
    // Optional photos and fields stay quiet.
    expect(errorOf('commodities.0.weight_pics')).toBeNull();
    expect(errorOf('commodities.0.remark')).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(7);
  });

  it('refuses texts over their limit and measures that are not numbers', () => {
    renderChecked({
      ...emptyCommodity('two'),
      brand_id: 1,
      category_id: 2,
      product_status: 1,
      product_name: 'Bangle',
      product_code: 'c'.repeat(61),
      remark: 'r'.repeat(501),
      length: '12,5',
      width: 'wide',
      size_pics: ['/api/files/0123456789abcdef0123456789abcdef.jpg'],
      product_pics: ['/api/files/0123456789abcdef0123456789abcdef.jpg'],
      accessory_pics: ['/api/files/0123456789abcdef0123456789abcdef.jpg'],
    });
    expect(errorOf('commodities.0.product_code')).toBe('At most 60 characters');
    expect(errorOf('commodities.0.remark')).toBe('At most 500 characters');
    expect(errorOf('commodities.0.length')).toBeNull();
    expect(errorOf('commodities.0.width')).toBe('Enter a valid number');
    expect(errorOf('commodities.0.size_pics')).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(3);
  });

  it('marks the required fields', () => {
    renderChecked(emptyCommodity('three'));
    const required = [...document.querySelectorAll('[data-field]')]
      .filter((field) => field.querySelector('.form-field__required'))
      .map((field) => field.getAttribute('data-field'));
    expect(required).toEqual([
      'commodities.0.brand_id',
      'commodities.0.category_id',
      'commodities.0.product_name',
      'commodities.0.product_status',
      'commodities.0.product_pics',
      'commodities.0.accessory_pics',
      'commodities.0.size_pics',
    ]);
  });

  it('still asks for the accessory photo with no accessories, and says what it should show', () => {
    renderChecked({ ...emptyCommodity('four'), accessories: [NO_ACCESSORIES] });
    expect(errorOf('commodities.0.accessory_pics')).toBe('Please upload an accessory photo');
    expect(document.querySelector('[data-field="commodities.0.accessory_pics"] .form-field__hint')?.textContent).toBe(
      'No accessories: take a photo of the item as handed over, showing that nothing came with it.',
    );
  });

  it('opens a picker when its label is tapped', async () => {
    renderChecked(emptyCommodity('five'));
    await userEvent.click(screen.getByText('Category', { selector: 'label' }));
    expect(await screen.findByRole('dialog', { name: 'Category' })).toBeTruthy();
    expect(screen.getByRole('searchbox')).toBeTruthy();
  });
});

describe('CommodityFields, the photo sections a guided shot takes (issue 29 item 10)', () => {
  const shot = (code: string, name: string, covers: Category['shots'][number]['covers']) => ({
    code,
    name,
    outline: 'generic',
    covers,
  });
  const CATEGORIES: Category[] = [
    {
      id: 1,
      name: 'Ring',
      shots: [
        shot('top', 'Top view', null),
        shot('inside', 'Inside engraving', 'engraving_pics'),
        shot('hallmark', 'Hallmark', 'material_pics'),
        shot('stone', 'Stone close-up', 'inlay_pics'),
      ],
      retired: false,
    },
    {
      id: 2,
      name: 'Bag',
      shots: [shot('front', 'Front', null), shot('serial', 'Serial or date code', null)],
      retired: false,
    },
    {
      id: 3,
      name: 'Watch',
      shots: [
        shot('dial', 'Dial', null),
        shot('caseback', 'Case back', 'material_pics'),
        shot('serial', 'Serial number', 'engraving_pics'),
      ],
      retired: false,
    },
  ];
  const SECTIONS = ['engraving_pics', 'inlay_pics', 'material_pics'];
  const PHOTO = '/api/files/0123456789abcdef0123456789abcdef.jpg';

  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  function renderWith(draft: CommodityDraft) {
    const client = new QueryClient();
    client.setQueryData(catalogKeys.categories(), CATEGORIES);
    renderWithTexts(
      <QueryClientProvider client={client}>
        <CommodityFields value={draft} onChange={() => {}} errors={{}} prefix="commodities.0." index={1} />
      </QueryClientProvider>,
    );
  }
  const shown = () =>
    SECTIONS.filter((field) => document.querySelector(`[data-field="commodities.0.${field}"]`) !== null);

  it('a ring asks for its engraving, stone and hallmark as shots only, and says so', () => {
    renderWith({ ...emptyCommodity('ring'), category_id: 1 });
    expect(shown()).toEqual([]);
    expect(screen.getByTestId('photo-sections-taken').textContent).toBe(
      'Engraving photos, Inlay photos, Material photos: taken with the shots above (Inside engraving, Hallmark, Stone close-up).',
    );
  });

  it('a watch takes its engraving and material photos with its serial and case back shots, and asks for the inlay', () => {
    renderWith({ ...emptyCommodity('watch'), category_id: 3 });
    expect(shown()).toEqual(['inlay_pics']);
    expect(screen.getByTestId('photo-sections-taken').textContent).toBe(
      'Engraving photos, Material photos: taken with the shots above (Case back, Serial number).',
    );
  });

  it('a category with no shot taking them still asks for the three', () => {
    renderWith({ ...emptyCommodity('bag'), category_id: 2 });
    expect(shown()).toEqual(SECTIONS);
    expect(screen.queryByTestId('photo-sections-taken')).toBeNull();
  });

  it('a section that already has photos (an older item, a draft) stays, so nothing is lost', () => {
    renderWith({ ...emptyCommodity('older'), category_id: 1, engraving_pics: [PHOTO] });
    expect(shown()).toEqual(['engraving_pics']);
    expect(screen.getByTestId('photo-sections-taken').textContent).toBe(
      'Inlay photos, Material photos: taken with the shots above (Hallmark, Stone close-up).',
    );
  });

  it('sectionsTakenByShots: the covered sections without photos, in the form’s order', () => {
    const ring = CATEGORIES[0]?.shots ?? [];
    const empty = emptyCommodity('x');
    expect(sectionsTakenByShots(empty, ring)).toEqual(['engraving_pics', 'inlay_pics', 'material_pics']);
    expect(sectionsTakenByShots({ ...empty, material_pics: [PHOTO] }, ring)).toEqual(['engraving_pics', 'inlay_pics']);
    expect(sectionsTakenByShots(empty, [])).toEqual([]);
  });
});

describe('CommodityFields, a brand, category or material retired since (issue 28 item 5)', () => {
  const brand = (id: number, name: string, retired: boolean) => ({
    id,
    name,
    names: {},
    logo: '',
    aliases: [],
    retired,
  });
  const ACTIVE_BRANDS = [brand(1, 'Cartier', false)];
  const EVERY_BRAND = [...ACTIVE_BRANDS, brand(2, 'Gucci', true)];
  const CATEGORIES: Category[] = [{ id: 1, name: 'Ring', shots: [], retired: false }];
  const EVERY_CATEGORY: Category[] = [...CATEGORIES, { id: 3, name: 'Brooch', shots: [], retired: true }];

  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  function renderWith(draft: CommodityDraft) {
    const client = new QueryClient();
    client.setQueryData(catalogKeys.brands(), ACTIVE_BRANDS);
    client.setQueryData([...catalogKeys.brands(), 'with-retired'], EVERY_BRAND);
    client.setQueryData(catalogKeys.categories(), CATEGORIES);
    client.setQueryData([...catalogKeys.categories(), 'with-retired'], EVERY_CATEGORY);
    renderWithTexts(
      <QueryClientProvider client={client}>
        <CommodityFields value={draft} onChange={() => {}} errors={{}} prefix="commodities.0." index={1} />
      </QueryClientProvider>,
    );
  }
  const picker = (field: string) => screen.getByRole('button', { name: new RegExp(`^${field}: `) });

  it('shows what an item edited since names, marked retired, instead of an empty picker', () => {
    renderWith({ ...emptyCommodity('older'), brand_id: 2, category_id: 3 });
    expect(picker('Brand').getAttribute('aria-label')).toBe('Brand: Gucci (retired)');
    expect(picker('Category').getAttribute('aria-label')).toBe('Category: Brooch (retired)');
  });

  it('offers a new item only what is in the catalog', async () => {
    renderWith(emptyCommodity('new'));
    await userEvent.click(picker('Brand'));
    const wheel = await screen.findByRole('dialog', { name: 'Brand' });
    expect(wheel.textContent).toContain('Cartier');
    expect(wheel.textContent).not.toContain('Gucci');
  });
});
