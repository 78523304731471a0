import type { VisitorEvent } from './visitor.decider';

/**
 * The analytics consent an event of a visitor's stream states, or null when it says nothing of it:
 * a recorded consent, or a visit that stated one (`gdpr_consent` of track-user). The newest statement
 * is the visitor's consent; a visitor who never stated one has not consented.
 */
export function consentStatedBy(event: VisitorEvent): boolean | null {
  switch (event.type) {
    case 'GdprConsentRecorded':
      return event.data.consent;
    case 'VisitorTracked':
      return event.data.gdprConsent ?? null;
    case 'AnonymousVisitorLinked':
      return null;
  }
}
