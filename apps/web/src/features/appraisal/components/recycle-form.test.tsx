import { IS_RECYCLE } from '@jewel/contract/values/commodity';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithTexts } from '../../../test/render.tsx';
import type { AppraisalOptions } from '../api/appraisal-queries.ts';
import { initialIdentity } from '../buyback-model.ts';
import { initialPayment } from '../payment-model.ts';
import { RecycleForm } from './recycle-form.tsx';
import type { SignatureHandle } from './signature-field.tsx';

const options: AppraisalOptions = {
  isReal: [],
  stateLevel: [],
  productStatus: [],
  notGenuineReason: [],
  currency: [{ value: 'CNY', label: 'CNY' }],
  isRecycle: [
    { value: IS_RECYCLE.yes, label: 'Buy' },
    { value: IS_RECYCLE.no, label: 'Give back' },
  ],
  enrolledStatus: [],
  accessories: [],
  priority: [],
};

describe('the buyback form', () => {
  it('marks the price required, to the eye and to a screen reader (issue 29 item 11)', async () => {
    renderWithTexts(
      <RecycleForm
        id="recycle-test"
        initial={{ is_recycle: null, price: '', currency: 'CNY', ...initialIdentity(undefined), ...initialPayment() }}
        options={options}
        signature={createRef<SignatureHandle>()}
        onSubmit={async () => {}}
      />,
    );
    // The price is asked for once the shop buys the item.
    expect(screen.queryByLabelText(/^Buyback price/)).toBeNull();
    await userEvent.click(screen.getByText('Buy'));
    const price = screen.getByLabelText(/^Buyback price/);
    expect(price.getAttribute('aria-required')).toBe('true');
    // The asterisk beside its label, shown (and kept from a screen reader, which hears aria-required).
    const label = document.querySelector(`label[for="${price.id}"]`);
    expect(label?.textContent).toBe('Buyback price*');
    const mark = label?.querySelector('.form-field__required');
    expect(mark?.textContent).toBe('*');
    expect(mark?.getAttribute('aria-hidden')).toBe('true');
    // The one mark of the section: the currency beside it has a value from the start.
    expect(document.querySelectorAll('.form-field__required')).toHaveLength(1);
  });
});
