import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

export const DISCOVERY_STATUSES = ['pending', 'in_progress', 'completed', 'failed'] as const;

export class ListDiscoveriesQuery {
  @ApiPropertyOptional({ enum: DISCOVERY_STATUSES })
  @IsOptional()
  @IsIn(DISCOVERY_STATUSES, { message: `status must be one of: ${DISCOVERY_STATUSES.join(', ')}` })
  status?: (typeof DISCOVERY_STATUSES)[number];
}
