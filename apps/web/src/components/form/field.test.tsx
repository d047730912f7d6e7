import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { Input } from '../../lib/input.ts';
import { TextArea } from '../../lib/text-area.ts';
import { renderWithTexts } from '../../test/render.tsx';
import { Field, invalidProps } from './field.tsx';
import { PickerField } from './picker-field.tsx';
import { useForm } from './use-form.ts';

describe('Field', () => {
  it('names its input by the label and links the error to it', () => {
    renderWithTexts(
      <Field name="customer_name" label="Customer name" htmlFor="name-input" error="Cannot be empty" required>
        <input id="name-input" {...invalidProps('customer_name', 'Cannot be empty')} />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Customer name' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('field-customer_name-error');
    expect(screen.getByRole('alert').textContent).toBe('Cannot be empty');
    expect(document.getElementById('field-customer_name-error')?.textContent).toBe('Cannot be empty');
  });

  it("puts antd-mobile's Input and TextArea error state on the <input> and <textarea>, not their wrapper", () => {
    renderWithTexts(
      <>
        <Field name="name" label="Name" htmlFor="name" error="Cannot be empty">
          <Input id="name" {...invalidProps('name', 'Cannot be empty')} />
        </Field>
        <Field name="remark" label="Remark" htmlFor="remark" error="Too long">
          <TextArea id="remark" {...invalidProps('remark', 'Too long')} />
        </Field>
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    const textarea = screen.getByRole('textbox', { name: 'Remark' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('field-name-error');
    expect(textarea.getAttribute('aria-describedby')).toBe('field-remark-error');
    expect(document.querySelector('.adm-input[aria-invalid], .adm-text-area[aria-invalid]')).toBeNull();
  });

  it('shows no error text while the field is fine', () => {
    renderWithTexts(
      <Field name="remark" label="Remark" htmlFor="remark-input">
        <input id="remark-input" {...invalidProps('remark', undefined)} />
      </Field>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Remark' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('names a set of choices as a group', () => {
    renderWithTexts(
      <Field name="is_real" label="Verdict" group error="Choose one">
        <button type="button">Genuine</button>
      </Field>,
    );
    const group = screen.getByRole('group', { name: 'Verdict' });
    expect(group.getAttribute('data-field')).toBe('is_real');
    expect(screen.getByRole('alert').textContent).toBe('Choose one');
  });
});

describe('PickerField', () => {
  const brands = [
    { value: 1, label: 'Cartier' },
    { value: 2, label: 'Tiffany' },
  ];

  it('says what is chosen, or asks to choose', () => {
    const { rerender } = renderWithTexts(
      <PickerField id="brand" label="Brand" value={null} options={brands} onChange={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Brand: Choose' })).toBeTruthy();
    rerender(<PickerField id="brand" label="Brand" value={2} options={brands} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Brand: Tiffany' })).toBeTruthy();
  });

  it('offers a retry when its options failed to load', async () => {
    const onRetry = vi.fn();
    renderWithTexts(
      <PickerField id="brand" label="Brand" value={null} options={[]} onChange={() => {}} failed onRetry={onRetry} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Brand: The options could not load. Tap to try again.' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('is invalid with its field’s error', () => {
    renderWithTexts(
      <PickerField
        id="brand"
        label="Brand"
        value={null}
        options={brands}
        onChange={() => {}}
        invalid
        errorId="field-brand-error"
      />,
    );
    const button = screen.getByRole('button', { name: 'Brand: Choose' });
    expect(button.getAttribute('aria-invalid')).toBe('true');
    expect(button.getAttribute('aria-describedby')).toBe('field-brand-error');
  });
});

/** A form of one field whose submit hands the values to `send`. */
function NameForm({ send }: { send: (values: { name: string }) => Promise<unknown> }) {
  const { values, set, errors, handleSubmit } = useForm({
    initial: { name: '' },
    check: ({ name }) => ({ name: name.trim() ? undefined : 'Cannot be empty' }),
  });
  return (
    <form onSubmit={handleSubmit(send)}>
      <Field name="name" label="Name" htmlFor="name" error={errors.name}>
        <input id="name" value={values.name} onChange={(event) => set('name', event.target.value)} />
      </Field>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useForm', () => {
  it('checks before sending and takes an error away when the value changes', async () => {
    const send = vi.fn(async () => {});
    renderWithTexts(<NameForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Cannot be empty');
    expect(send).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Li');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).toHaveBeenCalledWith({ name: 'Li' });
  });

  it('shows a refusal of the server under the field it names', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(1001, 'Name is taken', 400, { field: 'name' });
    });
    renderWithTexts(<NameForm send={send} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Li');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name is taken');
  });

  it('leaves a refusal naming no field to the toast', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(5000, 'Server busy', 500, null);
    });
    renderWithTexts(<NameForm send={send} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Li');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
