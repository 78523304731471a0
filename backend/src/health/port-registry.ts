import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, PortHealth, ReadStore } from '@ringcheck/projections';
import { EVENT_STORE, READ_STORE } from '../infrastructure/storage';

/** Every port of the product and the adapter serving it: for the start-up line and /api/health. */
@Injectable()
export class PortRegistry {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  adapters(): Record<string, string> {
    return {
      event_store: this.events.adapterName,
      read_store: this.reads.adapterName,
      realtime: 'socket.io',
      product_analytics: 'event-store',
    };
  }

  async health(): Promise<Record<string, PortHealth>> {
    const [eventStore, readStore] = await Promise.all([safeHealth(this.events), safeHealth(this.reads)]);
    return {
      event_store: eventStore,
      read_store: readStore,
      realtime: { adapter: 'socket.io', state: 'up' },
      product_analytics: { adapter: 'event-store', state: eventStore.state },
    };
  }
}

async function safeHealth(port: { adapterName: string; health(): Promise<PortHealth> }): Promise<PortHealth> {
  try {
    return await port.health();
  } catch (error) {
    return { adapter: port.adapterName, state: 'down', detail: (error as Error).message };
  }
}
