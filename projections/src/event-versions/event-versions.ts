import type { RecordedEvent } from '../ports/event-store';

/** Turns the data of one schema version of an event type into the next version's. */
export type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

export interface EventSchema {
  /** The version new events of this type are written with. */
  readonly current: number;
  /** `upcasters[v]` turns version v into v + 1. */
  readonly upcasters: Readonly<Record<number, Upcaster>>;
}

/**
 * Every event type whose shape changed since it was first written, with how to read its old versions.
 * Types not listed are at version 1. Stored events are never rewritten: they are upcast on read.
 */
export const EVENT_SCHEMAS: Readonly<Record<string, EventSchema>> = {
  // v2: the call records which telephony places it; every call before carriers existed was a sandbox call.
  CallRequested: { current: 2, upcasters: { 1: (data) => ({ ...data, provider: data.provider ?? 'sandbox' }) } },
  // v2: the report is CallReportWritten's; the analysis keeps its overall score (v1 events keep their report too).
  CallAnalyzed: { current: 2, upcasters: { 1: (data) => ({ ...data, analysis: withOverallScore(data.analysis as { report: { overallScore: number } }) }) } },
};

const withOverallScore = (analysis: { report: { overallScore: number } }) => ({ ...analysis, overallScore: analysis.report.overallScore });

export const currentSchemaVersion = (type: string): number => EVENT_SCHEMAS[type]?.current ?? 1;

/** The event as its current schema version reads it (the same object when it already is). */
export function upcastEvent<E extends RecordedEvent>(event: E): E {
  const schema = EVENT_SCHEMAS[event.type];
  const stored = event.metadata.schemaVersion ?? 1;
  if (!schema || stored >= schema.current) return event;
  let data = event.data as Record<string, unknown>;
  for (let version = stored; version < schema.current; version++) {
    const upcast = schema.upcasters[version];
    if (!upcast) throw new Error(`${event.type} has no upcaster from schema version ${version}`);
    data = upcast(data);
  }
  return { ...event, data, metadata: { ...event.metadata, schemaVersion: schema.current } };
}
