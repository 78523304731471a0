import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, PortHealth, ReadStore } from '@ringcheck/projections';
import { CALL_ANALYZER, type CallAnalyzer } from '../analysis';
import { TELEPHONY, type TelephonyProvider } from '../calls/ports/telephony';
import { BUSINESS_DIRECTORY, type BusinessDirectory } from '../discovery/ports/business-directory';
import { IDENTITY_PROVIDER, type IdentityProvider } from '../identity';
import { EVENT_STORE, READ_STORE } from '../infrastructure/storage';

interface Port {
  readonly adapterName: string;
  health(): Promise<PortHealth>;
}

/** Every port of the product and the adapter serving it: for the start-up line and /api/health. */
@Injectable()
export class PortRegistry {
  private readonly ports: Record<string, Port>;

  constructor(
    @Inject(EVENT_STORE) events: EventStore,
    @Inject(READ_STORE) reads: ReadStore,
    @Inject(BUSINESS_DIRECTORY) directory: BusinessDirectory,
    @Inject(IDENTITY_PROVIDER) identity: IdentityProvider,
    @Inject(TELEPHONY) telephony: TelephonyProvider,
    @Inject(CALL_ANALYZER) analyzer: CallAnalyzer,
  ) {
    this.ports = {
      event_store: events,
      read_store: reads,
      business_directory: directory,
      auth: identity,
      telephony,
      voice_agent: fixed(telephony.adapterName === 'sandbox' ? 'scripted' : 'openai-realtime'),
      analysis: analyzer,
      realtime: fixed('socket.io'),
      product_analytics: { adapterName: 'event-store', health: async () => ({ ...(await safeHealth(events)), adapter: 'event-store' }) },
    };
  }

  adapters(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.ports).map(([name, port]) => [name, port.adapterName]));
  }

  async health(): Promise<Record<string, PortHealth>> {
    const entries = await Promise.all(Object.entries(this.ports).map(async ([name, port]) => [name, await safeHealth(port)] as const));
    return Object.fromEntries(entries);
  }
}

function fixed(adapterName: string): Port {
  return { adapterName, health: async () => ({ adapter: adapterName, state: 'up' }) };
}

async function safeHealth(port: Port): Promise<PortHealth> {
  try {
    return await port.health();
  } catch (error) {
    return { adapter: port.adapterName, state: 'down', detail: (error as Error).message };
  }
}
