import { Button, Group, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ConversionReport } from '../../api/conversion-api';
import { AccountPage } from '../../components/account-page';
import { AsOfLine } from './as-of-line';
import { conversionCsv, conversionCsvFilename } from './conversion-csv';
import { hasVisitors } from './conversion-figures';
import { CONVERSION_MESSAGES } from './conversion-messages';
import { type ConversionSearch, formValuesOf } from './conversion-range';
import { ConversionRangeForm } from './conversion-range-form';
import { ConversionLoadFailed, ConversionLoading, isForbidden, NotAnAnalyst, NoVisitorsInRange } from './conversion-states';
import { downloadTextFile } from './download-file';
import { FunnelSection } from './funnel-section';
import { SourcesSection } from './sources-table';
import { TimeToConversionSection } from './time-to-conversion-section';
import { useConversionReport } from './use-conversion-report';
import { WeeklyTrendsSection } from './weekly-trends-section';

function ReportFigures({ report }: { report: ConversionReport }) {
  return (
    <Stack gap="lg">
      <FunnelSection funnel={report.funnel} />
      <WeeklyTrendsSection weeks={report.weeks} />
      <TimeToConversionSection buckets={report.time_to_conversion} medianHours={report.median_hours_to_conversion} />
      <SourcesSection sources={report.sources} />
    </Stack>
  );
}

interface ConversionPageProps {
  search: ConversionSearch;
  onSearchChange(search: ConversionSearch): void;
}

/** /analytics: the conversion funnel, time to sign-up, weekly trends and sources of first visits in a range. */
export function ConversionPage({ search, onSearchChange }: ConversionPageProps) {
  const report = useConversionReport(search);
  if (report.isError && isForbidden(report.error)) {
    return (
      <AccountPage title={CONVERSION_MESSAGES.title}>
        <NotAnAnalyst />
      </AccountPage>
    );
  }

  const initial = formValuesOf(search, report.data);
  const chosenRange = search.from !== undefined || search.to !== undefined || search.as_of !== undefined;
  return (
    <AccountPage title={CONVERSION_MESSAGES.title} subtitle={CONVERSION_MESSAGES.subtitle}>
      <ConversionRangeForm key={`${initial.from}|${initial.to}|${initial.asOf}`} initial={initial} onApply={onSearchChange} />
      {report.isPending && <ConversionLoading />}
      {report.isError && <ConversionLoadFailed error={report.error} onRetry={() => void report.refetch()} />}
      {report.data && (
        <>
          <Group justify="space-between" align="center" gap="sm">
            <AsOfLine asOf={report.data.as_of} pinned={search.as_of !== undefined} />
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => downloadTextFile(conversionCsvFilename(report.data), conversionCsv(report.data))}
            >
              {CONVERSION_MESSAGES.download}
            </Button>
          </Group>
          {hasVisitors(report.data) ? (
            <ReportFigures report={report.data} />
          ) : (
            <NoVisitorsInRange onShowDefault={chosenRange ? () => onSearchChange({}) : undefined} />
          )}
        </>
      )}
    </AccountPage>
  );
}
