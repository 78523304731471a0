import type { CallListItem as Call, CallStatus } from '../../../api/calls-api';

export type StatusFilter = 'all' | CallStatus;
export type SortKey = 'date' | 'business' | 'status';
export type SortDirection = 'asc' | 'desc';

/** How My Calls is narrowed and ordered. */
export interface CallListView {
  search: string;
  status: StatusFilter;
  sort: SortKey;
  direction: SortDirection;
}

export const DEFAULT_VIEW: CallListView = { search: '', status: 'all', sort: 'date', direction: 'desc' };

/** The status filter's choices, in the spec's order. */
export const STATUS_FILTERS: StatusFilter[] = ['all', 'completed', 'in_progress', 'failed', 'canceled', 'queued'];

const STATUS_ORDER: Record<CallStatus, number> = { queued: 0, in_progress: 1, completed: 2, failed: 3, canceled: 4 };

export const isFiltered = (view: CallListView): boolean => view.search.trim() !== '' || view.status !== 'all';

/** A call that needs a look: failed, canceled, or completed without the business answering. */
export function needsAttention(call: Call): boolean {
  if (call.status === 'failed' || call.status === 'canceled') return true;
  return call.status === 'completed' && call.analysis !== null && call.analysis.connection_status !== 'answered';
}

export interface CallStats {
  total: number;
  completed: number;
  inProgress: number;
  needsAttention: number;
}

/** The My Calls tiles: Total, Completed, In Progress (queued or on the line), Needs Attention. */
export function callStats(calls: Call[]): CallStats {
  return {
    total: calls.length,
    completed: calls.filter((call) => call.status === 'completed').length,
    inProgress: calls.filter((call) => call.status === 'in_progress' || call.status === 'queued').length,
    needsAttention: calls.filter(needsAttention).length,
  };
}

function matches(call: Call, search: string): boolean {
  if (!search) return true;
  return call.business_name.toLowerCase().includes(search) || call.id.toLowerCase().includes(search);
}

const primaryKey: Record<SortKey, (a: Call, b: Call) => number> = {
  date: (a, b) => a.created_at.localeCompare(b.created_at),
  business: (a, b) => a.business_name.localeCompare(b.business_name, undefined, { sensitivity: 'base' }),
  status: (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status],
};

/** The calls the view shows: searched by business name or call id, filtered by status, sorted. */
export function applyCallListView(calls: Call[], view: CallListView): Call[] {
  const search = view.search.trim().toLowerCase();
  const sign = view.direction === 'asc' ? 1 : -1;
  const compare = primaryKey[view.sort];
  return calls
    .filter((call) => (view.status === 'all' || call.status === view.status) && matches(call, search))
    .sort((a, b) => sign * compare(a, b) || primaryKey.date(b, a));
}

/** Puts a changed call into the list: replaced where it is, or added when new. */
export function upsertCall(calls: Call[], call: Call): Call[] {
  const index = calls.findIndex((existing) => existing.id === call.id);
  if (index === -1) return [call, ...calls];
  return calls.map((existing, i) => (i === index ? call : existing));
}
