import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTexts } from '../../test/render.tsx';
import { NoticeForm } from './components/notice-form.tsx';

/**
 * Issue 29 item 8, "one field style": the watch list's notice sheet has bordered inputs with
 * placeholders like every other form (the boxes of `form-boxed`, components/form/form.css).
 */
describe('the notice sheet', () => {
  it('boxes every text field and says in each what goes in it', async () => {
    renderWithTexts(
      <QueryClientProvider client={new QueryClient()}>
        <NoticeForm open onClose={() => {}} />
      </QueryClientProvider>,
    );
    const sheet = await screen.findByRole('dialog', { name: 'Add a notice' });
    const expected: Record<string, string> = {
      Reference: "e.g. the notice's number",
      Brand: 'e.g. Rolex',
      Model: 'e.g. Submariner 126610LN',
      'Serial number': 'As engraved or on the papers',
      Engraving: 'e.g. initials inside the band',
      Description: 'How it went missing, marks that tell it apart',
    };
    for (const [label, placeholder] of Object.entries(expected)) {
      const control = within(sheet).getByLabelText(label);
      expect(control.getAttribute('placeholder'), label).toBe(placeholder);
      // Inside the boxed form, in the box (antd-mobile's input or text area) form.css draws.
      expect(control.closest('.form-boxed'), label).not.toBeNull();
      expect(control.closest('.adm-input, .adm-text-area'), label).not.toBeNull();
    }
    // No text field is left out of that list: each one the sheet shows is boxed with a placeholder
    // (the text area's hidden twin, which measures its height, is not one).
    const controls = sheet.querySelectorAll('input:not([type="hidden"]), textarea:not([aria-hidden="true"])');
    expect(controls).toHaveLength(6);
    for (const control of controls) {
      expect(control.closest('.form-boxed')).not.toBeNull();
      expect(control.getAttribute('placeholder')?.trim()).toBeTruthy();
    }
  });
});
