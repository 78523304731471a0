import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { EventStore, ProjectionRunner } from '@ringcheck/projections';
import type { Response } from 'express';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/storage';
import { PortRegistry } from './port-registry';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly ports: PortRegistry,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Each port’s adapter and state, and how far the read models are behind the log.' })
  async health(@Res({ passthrough: true }) response: Response) {
    const ports = await this.ports.health();
    const states = Object.values(ports).map((port) => port.state);
    const status = states.includes('down') ? 'down' : states.includes('degraded') ? 'degraded' : 'ok';
    if (status === 'down') response.status(503);
    const head = ports.event_store.state === 'down' ? null : await this.events.headPosition().catch(() => null);
    return {
      status,
      ports,
      projections: {
        position: this.runner.position,
        head,
        lag: head === null ? null : Math.max(0, head - this.runner.position),
        rebuilding: this.runner.rebuilding(),
        // With several nodes on shared stores one of them runs the projections; the others follow.
        role: this.runner.isLeading ? 'leading' : 'following',
      },
    };
  }
}
