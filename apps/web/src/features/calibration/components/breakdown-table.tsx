import type { CalibrationGroup } from '@jewel/contract/calibration';
import { formatNumber } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { kappaText, medianText, percentText } from '../calibration-format.ts';

/** One scope's figures per category or brand, as a table that scrolls sideways on a phone. */
export function BreakdownTable({
  caption,
  kind,
  groups,
}: {
  caption: string;
  kind: 'category' | 'brand';
  groups: CalibrationGroup[];
}) {
  const { t } = useTranslation('calibration');
  if (groups.length === 0) return null;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="calibration-table" tabIndex={0} aria-label={caption}>
      <table>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t(`table.${kind}`)}</th>
            <th scope="col">{t('table.items')}</th>
            <th scope="col">{t('table.agreement')}</th>
            <th scope="col">{t('table.overturned')}</th>
            <th scope="col">{t('table.median')}</th>
            <th scope="col">{t('table.kappa')}</th>
          </tr>
        </thead>
        <tbody>
          {groups.map(({ group, figures }) => (
            <tr key={group.id}>
              <th scope="row">{group.name}</th>
              <td className="figure">{formatNumber(figures.items)}</td>
              <td className="figure">{percentText(figures.agreement_rate)}</td>
              <td className="figure">{percentText(figures.overturned_rate)}</td>
              <td className="figure">{medianText(figures.median_seconds)}</td>
              <td className="figure">{kappaText(figures.kappa)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
