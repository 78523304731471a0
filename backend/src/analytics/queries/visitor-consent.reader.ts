import { Inject, Injectable } from '@nestjs/common';
import { asDomainEvent, type EventStore } from '@ringcheck/projections';
import { EVENT_STORE } from '../../infrastructure/storage';
import { consentStatedBy } from '../domain/visitor-consent';
import { visitorDecider, visitorStream } from '../domain/visitor.decider';

const PAGE = 50;

/**
 * Whether a caller consented to analytics, read from the visitor's own stream rather than a read model,
 * so a consent just withdrawn counts at once, even while the read models lag behind an outage.
 * For a signed-in user it is the consent of the visitor this browser proves: consent belongs to the
 * browser it was given in, and a user without a proven visitor has not consented.
 */
@Injectable()
export class VisitorConsentReader {
  constructor(@Inject(EVENT_STORE) private readonly events: EventStore) {}

  /** The visitor's consent now, or as it stood at a revision of its stream. */
  async consented(anonId: string | null, asOfRevision?: number): Promise<boolean> {
    if (!anonId) return false;
    let fromRevision = asOfRevision;
    for (;;) {
      const page = await this.events.readStream(visitorStream(anonId), { direction: 'backwards', fromRevision, maxCount: PAGE });
      for (const event of page) {
        const stated = consentStatedBy(asDomainEvent(visitorDecider.events, event));
        if (stated !== null) return stated;
      }
      const oldest = page[page.length - 1];
      if (page.length < PAGE || !oldest || oldest.revision === 0) return false;
      fromRevision = oldest.revision - 1;
    }
  }
}
