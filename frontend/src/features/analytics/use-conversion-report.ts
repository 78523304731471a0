import { useQuery } from '@tanstack/react-query';
import { conversionReportQuery } from '../../api/conversion-queries';
import { useAppServices } from '../../app/app-services';
import { type ConversionSearch, queryOf } from './conversion-range';

/** The conversion report for the range and moment in the address. */
export function useConversionReport(search: ConversionSearch) {
  const { apis } = useAppServices();
  return useQuery(conversionReportQuery(apis.conversion, queryOf(search)));
}
