import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EventStore, ReadStore } from '@ringcheck/projections';
import { APP_CONFIG, type AppConfig } from '../../infrastructure/config';
import { EVENT_STORE, READ_STORE } from '../../infrastructure/storage';
import { VisitorConsentReader } from '../queries/visitor-consent.reader';
import { ForwarderCheckpoints } from './forwarder-checkpoint';
import type { SegmentClient } from './segment-client';
import { SegmentForwarder } from './segment-forwarder';

/** Time the last batches get to reach Segment when the server stops; what misses it is sent after the restart. */
const CLOSE_TIMEOUT_MS = 3000;

/** Runs the Segment forwarder when SEGMENT_WRITE_KEY is set; without it, does nothing and says nothing. */
@Injectable()
export class SegmentForwarding implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('SegmentForwarder');
  private forwarder: SegmentForwarder | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly consent: VisitorConsentReader,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const writeKey = this.config.segmentWriteKey;
    if (!writeKey) return;
    // Loaded on demand: Segment's SDK is only needed when a write key is set.
    const { SegmentClient: Client } = await import('./segment-client');
    const client: SegmentClient = new Client({ writeKey, host: this.config.segmentHost });
    this.forwarder = new SegmentForwarder({
      events: this.events,
      checkpoints: new ForwarderCheckpoints(this.reads, 'segment'),
      segment: { deliver: (calls) => client.deliver(calls), close: () => client.close(CLOSE_TIMEOUT_MS) },
      consentedAsOf: (anonId, revision) => this.consent.consented(anonId, revision),
      logger: { warn: (message) => this.logger.warn(message), error: (message) => this.logger.error(message) },
    });
    this.forwarder.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.forwarder?.stop();
  }
}
