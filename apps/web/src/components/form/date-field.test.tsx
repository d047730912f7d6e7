import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, loadNamespaces } from '../../lib/i18n.ts';
import { pickDate } from '../../test/pick-date.ts';
import { renderWithTexts } from '../../test/render.tsx';
import { DateField } from './date-field.tsx';

/** A field as a form holds it: the value it was last told. */
function Birth({
  onChange,
  min = '1900-01-01',
  max = '2026-11-29',
}: {
  onChange: (v: string) => void;
  min?: string;
  max?: string;
}) {
  const [value, setValue] = useState('');
  return (
    <fieldset aria-label="Birth date">
      <DateField
        id="birth"
        value={value}
        min={min}
        max={max}
        newestFirst
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </fieldset>
  );
}

const optionTexts = (select: HTMLElement) => [...select.querySelectorAll('option')].map((option) => option.textContent);

afterEach(() => changeLanguage('en'));

describe("DateField (issue 29 item 5: dates in the reader's language, not the phone's)", () => {
  it('writes an English day as month, day, year, and tells the form only whole days', () => {
    const onChange = vi.fn();
    renderWithTexts(<Birth onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Birth date' });
    expect(
      within(group)
        .getAllByRole('combobox')
        .map((part) => part.getAttribute('aria-label')),
    ).toEqual(['Month', 'Day', 'Year']);
    const months = optionTexts(within(group).getByRole('combobox', { name: 'Month' }));
    expect(months.slice(0, 3)).toEqual(['Month', 'January', 'February']);
    // A birth date: the latest year first.
    expect(optionTexts(within(group).getByRole('combobox', { name: 'Year' })).slice(0, 3)).toEqual([
      'Year',
      '2026',
      '2025',
    ]);

    fireEvent.change(within(group).getByRole('combobox', { name: 'Year' }), { target: { value: '1985' } });
    expect(onChange).toHaveBeenLastCalledWith('');
    pickDate(group, '1985-06-15');
    expect(onChange).toHaveBeenLastCalledWith('1985-06-15');
  });

  it('writes a Japanese day as 年, 月, 日 in that order, whatever the phone speaks', async () => {
    await act(async () => {
      await loadNamespaces(['common']);
      await changeLanguage('ja');
    });
    renderWithTexts(<Birth onChange={() => undefined} />);
    const parts = screen.getAllByRole('combobox');
    expect(parts.map((part) => part.getAttribute('aria-label'))).toEqual(['年', '月', '日']);
    expect(optionTexts(parts[1] as HTMLElement).slice(0, 3)).toEqual(['月', '1月', '2月']);
    expect(optionTexts(parts[2] as HTMLElement).slice(0, 3)).toEqual(['日', '1日', '2日']);
    expect(optionTexts(parts[0] as HTMLElement)[1]).toBe('2026年');
  });

  it('offers no day after the last one, and drops a day the new month does not have', () => {
    const onChange = vi.fn();
    renderWithTexts(<Birth onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Birth date' });
    const part = (name: string) => within(group).getByRole('combobox', { name });
    fireEvent.change(part('Year'), { target: { value: '2026' } });
    // November 29, 2026 is the last day: no December, no November 30.
    expect(optionTexts(part('Month')).at(-1)).toBe('November');
    fireEvent.change(part('Month'), { target: { value: '11' } });
    expect(optionTexts(part('Day')).at(-1)).toBe('29');

    pickDate(group, '2024-02-29');
    expect(onChange).toHaveBeenLastCalledWith('2024-02-29');
    fireEvent.change(part('Year'), { target: { value: '2023' } });
    expect((part('Day') as HTMLSelectElement).value).toBe('');
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
