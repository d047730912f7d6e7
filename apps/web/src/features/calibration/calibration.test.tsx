import type { CalibrationValuer } from '@jewel/contract/calibration';
import { kappaBand } from '@jewel/contract/values/calibration';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithTexts } from '../../test/render.tsx';
import { kappaText, percentText } from './calibration-format.ts';
import { FigureCards } from './components/figure-cards.tsx';
import { ValuerCard } from './components/valuer-card.tsx';

describe('the figures as shown', () => {
  it('rounds as the CSV does and names kappa bands after Landis and Koch', () => {
    expect(percentText(5 / 6)).toBe('83.3%');
    expect(percentText(null)).toBe('—');
    expect(kappaText(3 / 11)).toBe('0.27');
    expect(kappaText(null)).toBe('—');
    expect([-0.1, 0, 0.2, 0.21, 0.4, 0.6, 0.8, 0.81].map(kappaBand)).toEqual([
      'poor',
      'slight',
      'slight',
      'fair',
      'fair',
      'moderate',
      'substantial',
      'almostPerfect',
    ]);
  });

  it('shows a valuer and opens the breakdown by category and brand', async () => {
    const figures = {
      items: 3,
      pairs: 2,
      agreed: 1,
      agreement_rate: 0.5,
      judged: 1,
      overturned: 0,
      overturned_rate: 0,
      median_seconds: 125,
      kappa: 0,
    };
    const entry: CalibrationValuer = {
      valuer: { id: 4, name: 'Valuer Four', temporary: true },
      figures,
      by_category: [{ group: { id: 1, name: 'Ring' }, figures }],
      by_brand: [{ group: { id: 2, name: 'Cartier' }, figures }],
    };
    renderWithTexts(<ValuerCard entry={entry} />);
    expect(screen.getByRole('heading', { name: /Valuer Four/ })).toBeTruthy();
    expect(screen.getAllByText('50%').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByText(/category and brand|calibration:valuer.breakdown/));
    expect(screen.getByRole('rowheader', { name: 'Ring' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Cartier' })).toBeTruthy();
  });

  it('marks a rate from fewer than 10 items a small sample, not bold, and one from 10 as it is (issue 29 item 7)', () => {
    const base = { items: 12, agreed: 2, judged: 12, overturned: 3, median_seconds: 90 };
    const { unmount } = renderWithTexts(
      <FigureCards
        label="few"
        figures={{ ...base, pairs: 3, agreement_rate: 2 / 3, overturned_rate: 0.25, kappa: 0.4 }}
      />,
    );
    const tile = (figure: string) => document.querySelector<HTMLElement>(`[data-figure="${figure}"]`);
    // Three reconsiderations behind the agreement rate and kappa; twelve judged behind the overturned rate.
    expect(tile('agreement')?.classList.contains('calibration-tile--small')).toBe(true);
    expect(tile('agreement')?.textContent).toContain('Small sample: 3 only');
    expect(tile('kappa')?.classList.contains('calibration-tile--small')).toBe(true);
    expect(tile('overturned')?.classList.contains('calibration-tile--small')).toBe(false);
    expect(screen.getAllByTestId('small-sample')).toHaveLength(2);
    unmount();

    renderWithTexts(
      <FigureCards
        label="enough"
        figures={{ ...base, pairs: 10, agreement_rate: 0.2, overturned_rate: 0.25, kappa: 0.4 }}
      />,
    );
    expect(screen.queryAllByTestId('small-sample')).toHaveLength(0);
  });
});
