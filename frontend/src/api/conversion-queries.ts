import { queryOptions } from '@tanstack/react-query';
import type { ConversionApi, ConversionQuery } from './conversion-api';

export const conversionKeys = {
  all: ['conversion'] as const,
  report: ({ from, to, asOf, asOfPosition }: ConversionQuery) =>
    ['conversion', 'report', from ?? 'default', to ?? 'default', asOf ?? 'now', asOfPosition ?? 'latest'] as const,
};

/** The conversion report for one range; new visitors change it, so it is read again on every visit. */
export const conversionReportQuery = (api: ConversionApi, query: ConversionQuery = {}) =>
  queryOptions({ queryKey: conversionKeys.report(query), queryFn: ({ signal }) => api.report(query, { signal }), staleTime: 0 });
