import type { ConversionReportView } from '@ringcheck/projections/contract';
import type { ApiClient } from './api-client';

export type {
  ConversionFunnelView as ConversionFunnel,
  ConversionReportView as ConversionReport,
  ConversionSourceView as ConversionSource,
  ConversionWeekView as ConversionWeek,
} from '@ringcheck/projections/contract';

/**
 * Which figures to read: first visits from `from` to `to` (YYYY-MM-DD, UTC, inclusive; the server's
 * default range when absent), as the log stood at `asOf` (an ISO date-time) or at event `asOfPosition`.
 */
export interface ConversionQuery {
  from?: string;
  to?: string;
  asOf?: string;
  asOfPosition?: number;
}

export interface ConversionApi {
  /** The conversion report: analysts only (403 for anyone else). */
  report(query?: ConversionQuery, options?: { signal?: AbortSignal }): Promise<ConversionReportView>;
}

export function createConversionApi(client: ApiClient): ConversionApi {
  return {
    report: ({ from, to, asOf, asOfPosition } = {}, { signal } = {}) =>
      client.get<ConversionReportView>('/analytics/conversion/', {
        query: { from, to, as_of: asOf, as_of_position: asOfPosition },
        signal,
      }),
  };
}
