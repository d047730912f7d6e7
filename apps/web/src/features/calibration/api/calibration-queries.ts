import type { Lang } from '@jewel/contract/values/i18n';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, download } from '../../../lib/api-client.ts';
import { routes } from '../../../lib/routes.ts';

export interface Period {
  from: string;
  to: string;
}

export const calibrationKeys = {
  all: ['calibration'] as const,
  period: (period: Period) => [...calibrationKeys.all, period] as const,
};

/** The shop's and every valuer's figures over a period of shop days. */
export function calibrationOptions(period: Period) {
  return queryOptions({
    queryKey: calibrationKeys.period(period),
    queryFn: ({ signal }) => call(routes.calibration, { query: period }, { signal, hideErrorToast: true }),
    placeholderData: keepPreviousData,
  });
}

/** The same figures as a CSV file, titles in `lang`. */
export function downloadCalibration(period: Period, lang: Lang) {
  return download(routes.calibrationExport, { query: { ...period, lang } });
}
