import { type Call, isFullCall } from '../../api/calls-api';
import type { LocationCallPoint, LocationHistory } from '../../api/locations-api';
import type { PushOutcome } from '../../realtime/use-live-query';
import type { RealtimeMessage } from '../../realtime/realtime-message';
import { asCallDocument } from '../calls/call-state';
import { CONNECTION_STATUS_LABELS, STATUS_LABELS } from '../calls/display/call-labels';
import { formatCallDate } from '../calls/display/format-call-date';
import { asLocation } from './location-list';
import { formatMonthDay } from './location-display';

export interface CallOutcome {
  label: string;
  /** Answered green, voicemail yellow, still running gray, anything else red. */
  color: 'teal' | 'yellow' | 'gray' | 'red';
}

/** How a call ended: its connection status once known, else where the call stands. */
export function outcomeOf(call: Pick<LocationCallPoint, 'status' | 'connection_status'>): CallOutcome {
  if (call.connection_status === 'answered') return { label: CONNECTION_STATUS_LABELS.answered, color: 'teal' };
  if (call.connection_status === 'voicemail') return { label: CONNECTION_STATUS_LABELS.voicemail, color: 'yellow' };
  if (call.connection_status) return { label: CONNECTION_STATUS_LABELS[call.connection_status], color: 'red' };
  const running = call.status === 'queued' || call.status === 'in_progress';
  return { label: STATUS_LABELS[call.status], color: running ? 'gray' : 'red' };
}

export interface HistoryChartRow {
  id: string;
  /** The x-axis tick, 'Nov 25'. */
  day: string;
  /** The tooltip's full date. */
  when: string;
  /** Seconds to answer; null (no bar) when nobody answered. */
  seconds: number | null;
  outcome: string;
  /** The bar's colour (the chart reads `color` from each row). */
  color: CallOutcome['color'];
}

/** One bar per call, oldest first: its seconds to answer, coloured by its outcome. */
export const historyChartRows = (calls: readonly LocationCallPoint[]): HistoryChartRow[] =>
  calls.map((call) => {
    const outcome = outcomeOf(call);
    return {
      id: call.id,
      day: formatMonthDay(call.created_at),
      when: formatCallDate(call.created_at),
      seconds: call.time_to_answer_ms === null ? null : Math.round(call.time_to_answer_ms / 100) / 10,
      outcome: outcome.label,
      color: outcome.color,
    };
  });

/** Whether a pushed call says something the history shows differently. */
function pointChanged(point: LocationCallPoint, call: Call): boolean {
  if (call.status !== point.status || (call.analysis?.connection_status ?? null) !== point.connection_status) return true;
  if (!isFullCall(call) || !call.analysis) return false;
  return call.analysis.time_to_answer !== point.time_to_answer_ms || call.analysis.overall_score !== point.overall_score;
}

/**
 * A push on the user's room for the history of `locationId`: a change of the location itself (a new call
 * to it, its favourite) reads the history again, as does a change of one of its calls the history shows.
 */
export const historyPushOutcome =
  (locationId: string) =>
  (message: RealtimeMessage, current: LocationHistory | undefined): PushOutcome<LocationHistory> => {
    if (!current) return null;
    if (message.projection === 'locations') {
      if (message.documentId !== locationId) return null;
      const location = asLocation(message.document, locationId);
      if (!location) return null;
      return location.call_count === current.location.call_count ? { data: { ...current, location } } : 'refetch';
    }
    if (message.projection !== 'calls') return null;
    const point = current.calls.find((call) => call.id === message.documentId);
    const call = point ? asCallDocument(message.document, point.id) : null;
    return point && call && pointChanged(point, call) ? 'refetch' : null;
  };
