import type { ConversionReportView } from '@ringcheck/projections';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ConversionQueryDto } from './conversion-query.dto';
import { parseConversionQuery } from './conversion-query';
import { ConversionReports } from './conversion-reports';
import { RequireAnalyst } from './require-analyst.guard';

/** The analysts' conversion report: which visitors become customers, how fast, from where. */
@ApiTags('analytics')
@RequireAnalyst()
@Controller('api/analytics/conversion')
export class ConversionController {
  constructor(private readonly reports: ConversionReports) {}

  @Get('/')
  @ApiOperation({
    summary:
      'Analysts only: funnel (visit, search, call, sign-up), time to conversion, weeks and sources of the visitors first seen from `from` to `to`; live, or as of a past date-time or event position (replayed from the log, one at a time).',
  })
  report(@Query() query: ConversionQueryDto): Promise<ConversionReportView> {
    const { range, asOf } = parseConversionQuery(query, new Date());
    return this.reports.report(range, asOf);
  }
}
