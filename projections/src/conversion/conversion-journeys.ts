import type { ConversionDocument, CustomerDocument, VisitorJourneyDocument } from './conversion.projection';

/** A visitor's way to becoming a customer, as the report counts it. */
export interface ConversionJourney {
  anonId: string;
  firstVisitAt: string;
  source: string;
  /** First search, as the visitor or, once it became a customer, as that account. */
  searchedAt: string | null;
  calledAt: string | null;
  /** When the account this visitor became was created; null unless it converted. */
  signedUpAt: string | null;
}

const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);

/**
 * Whether `journey` is the visitor `customer`'s account was created from: the first visitor linked to
 * the account, and first seen no later than the account was created. A visitor who signed in to an
 * account that existed before it ever visited, or a second browser linked later, is not a new customer.
 * The browser's own conversion_source (signup, signin, manual) is not trusted for this: the log decides.
 */
export function convertedInto(journey: VisitorJourneyDocument, customer: CustomerDocument | undefined): customer is CustomerDocument {
  return (
    customer !== undefined &&
    journey.firstVisitAt !== null &&
    customer.signedUpAt !== null &&
    customer.firstLinkedAnonId === journey.anonId &&
    customer.signedUpAt >= journey.firstVisitAt
  );
}

/** Joins visitors' journeys with the accounts they were linked to; visitors whose first visit is unknown are left out. */
export function journeysOf(documents: Iterable<ConversionDocument>): ConversionJourney[] {
  const visitors: VisitorJourneyDocument[] = [];
  const customers = new Map<string, CustomerDocument>();
  for (const doc of documents) {
    if (doc.kind === 'customer') customers.set(doc.userId, doc);
    else if (doc.firstVisitAt !== null) visitors.push(doc);
  }
  return visitors.map((journey) => {
    const customer = journey.linkedUserId === null ? undefined : customers.get(journey.linkedUserId);
    const converted = convertedInto(journey, customer);
    return {
      anonId: journey.anonId,
      firstVisitAt: journey.firstVisitAt!,
      source: journey.source,
      searchedAt: converted ? earlier(journey.firstSearchAt, customer.firstSearchAt) : journey.firstSearchAt,
      calledAt: converted ? earlier(journey.firstCallAt, customer.firstCallAt) : journey.firstCallAt,
      signedUpAt: converted ? customer.signedUpAt : null,
    };
  });
}
