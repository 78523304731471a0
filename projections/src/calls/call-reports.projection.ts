import { type EventsOf, pickEvents } from '../domain-events';
import { defineProjection } from '../projection';
import type { CallAnalysisReport } from './call-report';
import { CALL_EVENTS } from './events';

/**
 * The analysis report of a call, kept apart from the call's document: it is two thirds of a call's
 * bytes, and only its owner's report page reads it. The call's document keeps the figures of the
 * analysis; lists, summaries and pushes never carry the report. Never pushed to a room.
 */
export interface CallReportDocument {
  _id: string;
  callId: string;
  /** The analysis this report belongs to: the call's `analysis.analyzedAt`. */
  analyzedAt: string;
  report: CallAnalysisReport;
  [key: string]: unknown;
}

/** CallAnalyzed for the reports it carried before CallReportWritten existed (schema version 1). */
const CALL_REPORT_READS = pickEvents(CALL_EVENTS, 'CallReportWritten', 'CallAnalyzed');

/** One document per analysed call, keyed by call id (a call is analysed once). */
export const callReportsProjection = defineProjection<CallReportDocument, EventsOf<typeof CALL_REPORT_READS>>({
  name: 'call_reports',
  version: 1,
  events: CALL_REPORT_READS,
  documentId: (event) => event.data.callId,
  evolve(doc, event) {
    const report = event.type === 'CallReportWritten' ? event.data.report : event.data.analysis.report;
    if (!report) return doc;
    // Recorded with CallAnalyzed, by the same command: the same moment as the call's analysis.
    // The runner's fields last: it fills them in on this new object rather than copying it (see apply-batch.ts).
    return { _id: event.data.callId, callId: event.data.callId, analyzedAt: event.metadata.occurredAt, report, _position: undefined, _rooms: undefined };
  },
});
