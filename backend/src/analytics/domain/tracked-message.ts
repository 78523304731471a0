import type { AnalyticsEventTrackedData, AnalyticsMessage, AnalyticsPageContext } from '@ringcheck/projections';
import { cleanAnalyticsData, cleanUrl } from './clean-analytics-data';
import { maskPhoneNumbers } from './phone-numbers';

/** Whose message it is: the signed-in user, else the visitor the browser proves (never a sent id). */
export interface AnalyticsSubject {
  subjectId: string;
  /** The visitor the browser proved, when the subject is a signed-in user. */
  anonId: string | null;
}

export const analyticsStream = (subjectId: string) => `analytics-${subjectId}`;

const definedOnly = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

function cleanPage(page: NonNullable<AnalyticsMessage['context']>['page']): AnalyticsPageContext | undefined {
  if (!page) return undefined;
  return definedOnly({
    path: page.path === undefined ? undefined : cleanUrl(page.path),
    url: page.url === undefined ? undefined : cleanUrl(page.url),
    referrer: page.referrer === undefined ? undefined : cleanUrl(page.referrer),
    title: page.title === undefined ? undefined : maskPhoneNumbers(page.title),
  });
}

/** One browser message as it is recorded: cleaned (see `cleanAnalyticsData`), with its subject from the server. */
export function trackedMessage(message: AnalyticsMessage, subject: AnalyticsSubject): AnalyticsEventTrackedData {
  const page = cleanPage(message.context?.page);
  const campaign = message.context?.campaign ? (cleanAnalyticsData(message.context.campaign) as Record<string, string>) : undefined;
  return definedOnly({
    subjectId: subject.subjectId,
    eventType: message.type,
    eventName: message.type === 'track' ? (message.event ?? '') : message.type === 'page' ? (message.name ?? '') : 'identify',
    eventData: message.type === 'identify' ? {} : cleanAnalyticsData(message.properties ?? {}),
    url: page?.url ?? null,
    clientTimestamp: message.timestamp,
    messageType: message.type,
    traits: message.type === 'identify' ? cleanAnalyticsData(message.traits ?? {}) : undefined,
    page,
    campaign,
    anonId: subject.anonId && subject.anonId !== subject.subjectId ? subject.anonId : undefined,
  });
}
