import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { renderWithTexts } from '../../../test/render.tsx';
import type { AppraisalOptions } from '../api/appraisal-queries.ts';
import { emptyAppraisal } from '../appraisal-model.ts';
import { AppraisalForm } from './appraisal-form.tsx';

const options: AppraisalOptions = {
  isReal: [
    { value: 1, label: 'Genuine' },
    { value: 2, label: 'Fake' },
    { value: 3, label: 'Undetermined' },
  ],
  stateLevel: [
    { value: 'A', label: 'A – very good' },
    { value: 'B', label: 'B – good' },
  ],
  productStatus: [
    { value: 1, label: 'Unused' },
    { value: 2, label: 'Used' },
  ],
  notGenuineReason: [{ value: 'font', label: 'Engraving font differs' }],
  currency: [{ value: 'CNY', label: 'CNY' }],
  isRecycle: [],
  enrolledStatus: [],
  accessories: [],
  priority: [],
};

const initial = emptyAppraisal({
  currency: 'CNY',
  material_id: null,
  product_status: null,
  weight_g: null,
  purity: null,
});

function renderForm(onSubmit: () => Promise<void>) {
  renderWithTexts(
    <>
      <AppraisalForm id="test-form" initial={initial} options={options} materials={[]} onSubmit={onSubmit} />
      <button type="submit" form="test-form">
        Send
      </button>
    </>,
  );
}

const errorOf = (name: string) =>
  document.querySelector(`[data-field="${name}"]`)?.querySelector('[role="alert"]')?.textContent ?? null;

// Many taps and keystrokes each: slow on a busy two-core machine.
describe('AppraisalForm', { timeout: 20_000 }, () => {
  it('asks for the verdict, the state, the product status and both prices', async () => {
    const onSubmit = vi.fn(async () => {});
    renderForm(onSubmit);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(errorOf('is_real')).toBe('Choose one');
    expect(errorOf('state_level')).toBe('Choose one');
    expect(errorOf('product_status')).toBe('Choose one');
    expect(errorOf('price_low')).toBe('Enter a value');
    expect(errorOf('price_high')).toBe('Enter a value');
    expect(errorOf('expected_sale_price')).toBeNull();
    expect(errorOf('report')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for the reason of a verdict other than genuine, and a high price not below the low', async () => {
    const onSubmit = vi.fn(async () => {});
    renderForm(onSubmit);
    const verdict = screen.getByRole('group', { name: 'Authenticity' });
    await userEvent.click(verdict.querySelector('.adm-selector-item:nth-child(2)') as Element);
    await userEvent.type(screen.getByLabelText('Low'), '5000');
    await userEvent.type(screen.getByLabelText('High'), '4000');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(errorOf('is_real')).toBeNull();
    expect(errorOf('not_genuine_reason')).toBe('Choose the reason when the item is not genuine');
    expect(errorOf('price_low')).toBeNull();
    expect(errorOf('price_high')).toBe('The high price must not be below the low price');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a refusal of the server under the field it names', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(1001, 'Price out of range', 400, { field: 'price_high' });
    });
    renderForm(onSubmit);
    const pick = async (group: string, nth: number) =>
      userEvent.click(
        screen.getByRole('group', { name: group }).querySelector(`.adm-selector-item:nth-child(${nth})`) as Element,
      );
    await pick('Authenticity', 1);
    await pick('Condition grade', 1);
    await pick('Product condition', 2);
    await userEvent.type(screen.getByLabelText('Low'), '4000');
    await userEvent.type(screen.getByLabelText('High'), '5000');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(await screen.findByText('Price out of range')).toBeTruthy();
    expect(errorOf('price_high')).toBe('Price out of range');
  });
});
