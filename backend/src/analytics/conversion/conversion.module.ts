import { Module } from '@nestjs/common';
import { ConversionController } from './conversion.controller';
import { ConversionReports } from './conversion-reports';
import { AnalystGuard } from './require-analyst.guard';

/** The analysts' conversion report (`GET /api/analytics/conversion/`). */
@Module({
  controllers: [ConversionController],
  providers: [ConversionReports, AnalystGuard],
})
export class ConversionModule {}
