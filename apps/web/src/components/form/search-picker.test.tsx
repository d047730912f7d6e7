import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTexts } from '../../test/render.tsx';
import { PickerField } from './picker-field.tsx';
import { matchingOptions } from './search-picker.tsx';

const brands = [
  { value: 1, label: 'Cartier' },
  { value: 2, label: 'Tiffany & Co.' },
  { value: 3, label: 'Van Cleef & Arpels' },
  { value: 4, label: '周大福' },
];

/** The brand field with a searchable picker, opened. */
async function openBrands(props: Partial<Parameters<typeof PickerField<number>>[0]> = {}) {
  const onChange = vi.fn();
  renderWithTexts(
    <PickerField id="brand" label="Brand" value={null} options={brands} onChange={onChange} searchable {...props} />,
  );
  await userEvent.click(screen.getByRole('button', { name: /^Brand: / }));
  return { onChange, popup: await shownPopup() };
}

/** The popup once it has slid in (it takes no taps while it moves). */
async function shownPopup() {
  const popup = await screen.findByRole('dialog', { name: 'Brand' });
  await waitFor(() => expect(popup.closest<HTMLElement>('.adm-popup-body')?.style.pointerEvents).not.toBe('none'));
  return popup;
}

const shown = (popup: HTMLElement) =>
  within(popup)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('matchingOptions', () => {
  it('finds a part of the label in any case and any width, and everything for no query', () => {
    expect(matchingOptions(brands, 'CART').map((option) => option.value)).toEqual([1]);
    expect(matchingOptions(brands, ' & ').map((option) => option.value)).toEqual([2, 3]);
    expect(matchingOptions(brands, 'ｔｉｆｆ').map((option) => option.value)).toEqual([2]);
    expect(matchingOptions(brands, '大福').map((option) => option.value)).toEqual([4]);
    expect(matchingOptions(brands, '  ')).toHaveLength(4);
  });

  it('finds an option by one of its other names (issue 28: typing 卡地 finds Cartier, カルティエ too)', () => {
    const named = brands.map((brand) =>
      brand.value === 1 ? { ...brand, keywords: ['卡地亚', '卡地亞', 'カルティエ'] } : brand,
    );
    expect(matchingOptions(named, '卡地').map((option) => option.value)).toEqual([1]);
    expect(matchingOptions(named, 'ｶﾙﾃｨｴ').map((option) => option.value)).toEqual([1]);
    expect(matchingOptions(named, '大福').map((option) => option.value)).toEqual([4]);
  });
});

describe('PickerField searchable', () => {
  it('lists every option with a search box, and narrows the list as the user types', async () => {
    const { popup } = await openBrands();
    expect(shown(popup)).toEqual(['Cartier', 'Tiffany & Co.', 'Van Cleef & Arpels', '周大福']);
    await userEvent.type(within(popup).getByRole('searchbox'), 'ar');
    expect(shown(popup)).toEqual(['Cartier', 'Van Cleef & Arpels']);
    await userEvent.type(within(popup).getByRole('searchbox'), 'p');
    expect(shown(popup)).toEqual(['Van Cleef & Arpels']);
  });

  it('chooses an option with one tap, closes and gives the focus back to the field', async () => {
    const { onChange, popup } = await openBrands();
    await userEvent.type(within(popup).getByRole('searchbox'), 'tiff');
    await userEvent.click(within(popup).getByRole('button', { name: 'Tiffany & Co.' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(2);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Brand' })).toBeNull());
    expect(document.activeElement?.id).toBe('brand');
  });

  it('keeps Tab inside; Escape closes it and gives the focus back to the field', async () => {
    const { onChange, popup } = await openBrands();
    for (let press = 0; press < 6; press += 1) {
      await userEvent.tab();
      expect(popup.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Brand' })).toBeNull());
    expect(onChange).not.toHaveBeenCalled();
    expect(document.activeElement?.id).toBe('brand');
  });

  it('says so when nothing matches', async () => {
    const { popup } = await openBrands();
    await userEvent.type(within(popup).getByRole('searchbox'), 'Bulgari');
    expect(within(popup).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(popup).getByRole('status').textContent).toBe('Nothing matches “Bulgari”');
  });

  it('says when there is nothing to choose from at all', async () => {
    const { popup } = await openBrands({ options: [] });
    expect(within(popup).getByRole('status').textContent).toBe('Nothing to choose from');
  });

  it('says the options are loading while they are', async () => {
    const { popup } = await openBrands({ options: [], loading: true });
    expect(within(popup).getByRole('status').textContent).toBe('Loading…');
  });

  it('marks the chosen option and offers the "none" choice first', async () => {
    const { onChange, popup } = await openBrands({ value: 3, noneLabel: 'Unknown' });
    expect(shown(popup)).toEqual(['Unknown', 'Cartier', 'Tiffany & Co.', 'Van Cleef & Arpels', '周大福']);
    expect(within(popup).getByRole('button', { name: 'Van Cleef & Arpels' }).getAttribute('aria-current')).toBe('true');
    await userEvent.click(within(popup).getByRole('button', { name: 'Unknown' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null);
  });

  it('starts again from the whole list when opened again', async () => {
    const { popup } = await openBrands();
    await userEvent.type(within(popup).getByRole('searchbox'), 'zzz');
    await userEvent.click(within(popup).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Brand' })).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: /^Brand: / }));
    const again = await shownPopup();
    expect(shown(again)).toHaveLength(4);
  });
});
