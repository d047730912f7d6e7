import { fireEvent, within } from '@testing-library/react';

/** Chooses `iso` (`YYYY-MM-DD`) in a `DateField` inside `scope`: year, month, then day, as a user would. */
export function pickDate(scope: HTMLElement, iso: string) {
  const [year, month, day] = iso.split('-').map(Number);
  const parts = within(scope);
  fireEvent.change(parts.getByRole('combobox', { name: 'Year' }), { target: { value: String(year) } });
  fireEvent.change(parts.getByRole('combobox', { name: 'Month' }), { target: { value: String(month) } });
  fireEvent.change(parts.getByRole('combobox', { name: 'Day' }), { target: { value: String(day) } });
}
