import type {
  AnalysisTranscriptSegment,
  Call,
  CallAccess,
  CallAnalysisFull,
  CallAnalysisPreview,
  CallFullView,
  CallPhase,
  CallPreviewView,
  CallReport,
  LiveTranscriptSegment,
  PreviewCallPhase,
} from '../../../api/calls-api';
import type { RealtimeMessage } from '../../../realtime/realtime-message';
import { type AuthState, signedOutAuth } from '../../auth/auth-context';

/** Test data in the shape the calls API answers, for a fictional business on the sandbox network. */
export const CALL_ID = 'call_9d53d334-938a-4679-a267-82754906822d';
export const CALL_PATH = `/api/call-management/calls/${CALL_ID}/`;
export const CANCEL_PATH = `/api/call-management/calls/${CALL_ID}/cancel_call/`;
export const RECORDING_PATH = `/api/call-management/calls/${CALL_ID}/recording/`;
export const CALL_ROOM = `call:${CALL_ID}`;

export const TRANSCRIPT: AnalysisTranscriptSegment[] = [
  { speaker: 'business', text: 'Thank you for calling Demo Plumbing Co., this is Jessica, how can I help you?', timestamp: 687, end: 5037, confidence: 0.9 },
  { speaker: 'caller', text: 'Hi there, there is a leak under my kitchen sink. Could someone come by today?', timestamp: 5419, end: 12142, confidence: 0.93 },
  { speaker: 'business', text: 'We can have a tech out tomorrow morning, between two and four. Want me to put you on the schedule?', timestamp: 12784, end: 22438, confidence: 0.86 },
  { speaker: 'caller', text: 'Perfect, let us do that.', timestamp: 23245, end: 24777, confidence: 0.91 },
  { speaker: 'business', text: 'You are welcome, have a good one!', timestamp: 66_596, end: 68_773, confidence: 0.934 },
];

export const LIVE_TRANSCRIPT: LiveTranscriptSegment[] = TRANSCRIPT.map((s) => ({
  speaker: s.speaker,
  text: s.text,
  startMs: s.timestamp,
  endMs: s.end,
  confidence: s.confidence,
}));

export const REPORT: CallReport = {
  summary: 'Demo Plumbing Co. answered on the 3rd ring (16.1 s). The caller was booked in.',
  overallScore: 9.3,
  sentiment: 'positive',
  professionalismScore: 10,
  responseTimeScore: 6.5,
  resolutionScore: 4,
  observedScores: { professionalism: true, responseTime: true, resolution: true },
  scoreEvidence: {
    professionalism: [{ segmentIndex: 0, quote: 'this is Jessica, how can I help you?', atMs: 687 }],
    responseTime: [{ segmentIndex: null, quote: 'Answered after 3 rings (16.1 s)', atMs: null }],
    resolution: [{ segmentIndex: 2, quote: 'Want me to put you on the schedule?', atMs: 12784 }],
  },
  keyTopics: ['Availability', 'Scheduling'],
  strengths: [
    { text: 'Greeted the caller with the business name', evidence: [{ segmentIndex: 0, quote: 'Thank you for calling Demo Plumbing Co.', atMs: 687 }] },
  ],
  areasForImprovement: [
    { text: 'Took 3 rings to answer (16.1 s)', evidence: [{ segmentIndex: null, quote: 'Answered after 3 rings (16.1 s)', atMs: null }] },
  ],
  satisfactionIndicators: [
    { indicator: 'Greeted by name', present: true, impact: 'positive', evidence: [] },
    { indicator: 'Answered quickly', present: false, impact: 'positive', evidence: [] },
    { indicator: 'Dead air', present: false, impact: 'negative', evidence: [] },
  ],
  recommendations: [
    {
      category: 'Responsiveness',
      priority: 'high',
      action: 'Answer within two rings',
      impact: 'Fewer callers hang up before anyone picks up',
      implementation: 'Route the line to a second phone after the second ring',
      evidence: [{ segmentIndex: 4, quote: 'have a good one!', atMs: 66_596 }],
    },
    {
      category: 'Sales',
      priority: 'low',
      action: 'Offer a same-day option',
      impact: 'More urgent jobs booked',
      implementation: 'Keep one slot a day for emergencies',
      evidence: [],
    },
  ],
  metrics: { callDuration: 65.3, waitTime: 16.1, talkTimeRatio: 0.63, interruptions: 2, deadAirTime: 3.5 },
  afterHoursBehavior: null,
};

export const PREVIEW_ANALYSIS: CallAnalysisPreview = {
  connection_status: 'answered',
  attempts_before_pickup: 1,
  first_call_success: true,
  access: 'preview',
};

export const FULL_ANALYSIS: CallAnalysisFull = {
  ...PREVIEW_ANALYSIS,
  access: 'full',
  updated_at: '2026-01-05T15:01:21.130Z',
  analyzer: 'rubric',
  time_to_first_ring: 850,
  time_to_answer: 16_119,
  rings_before_pickup: 3,
  during_business_hours: true,
  after_hours_behavior: null,
  transcript: TRANSCRIPT,
  recording_url: RECORDING_PATH,
  recording_note: null,
  overall_score: REPORT.overallScore,
  report: REPORT,
};

/** A call in progress, as its owner sees it; `overrides` move it on. */
export const callFixture = (overrides: Partial<CallFullView> = {}): CallFullView => ({
  id: CALL_ID,
  call_id: CALL_ID,
  status: 'in_progress',
  business_name: 'Demo Plumbing Co.',
  to_number: '+12125550199',
  from_number: '+12125550100',
  business_discovery: null,
  place_search_result: null,
  twilio_sid: 'SBbb036b3bd9884911f110470b1886bcfe',
  provider: 'sandbox',
  sandbox: true,
  kind: 'mock',
  scheduled_at: '2026-01-05T15:00:00.000Z',
  started_at: '2026-01-05T15:00:00.100Z',
  ended_at: null,
  error_message: null,
  retry_count: 0,
  user: 'user_baa5a93e-e75f-4b73-8761-9d8a3f3706da',
  created_at: '2026-01-05T15:00:00.000Z',
  updated_at: '2026-01-05T15:00:00.100Z',
  phase: 'dialing',
  ring_count: 0,
  answered_by: null,
  timeline: [
    { at: '2026-01-05T15:00:00.000Z', kind: 'queued', text: 'Call queued' },
    { at: '2026-01-05T15:00:00.100Z', kind: 'dialing', text: 'Dialing' },
  ],
  duration_ms: null,
  transcript: [],
  caller_goal: 'a leaking pipe under the kitchen sink, wants someone today',
  access: 'full',
  viewer_is_owner: true,
  analysis: null,
  ...overrides,
});

const COMPLETED_TIMELINE = [
  { at: '2026-01-05T15:00:00.000Z', kind: 'queued', text: 'Call queued' },
  { at: '2026-01-05T15:00:00.100Z', kind: 'dialing', text: 'Dialing' },
  { at: '2026-01-05T15:00:02.300Z', kind: 'ringing', text: 'Ringing' },
  { at: '2026-01-05T15:00:16.200Z', kind: 'answered', text: 'Answered by a person' },
  { at: '2026-01-05T15:00:17.000Z', kind: 'conversation', text: 'Conversation started' },
  { at: '2026-01-05T15:01:05.400Z', kind: 'ended', text: 'Call ended' },
  { at: '2026-01-05T15:01:06.100Z', kind: 'analyzed', text: 'Analysis ready' },
];

const PREVIEW_PHASES: Record<CallPhase, PreviewCallPhase> = {
  queued: 'queued',
  dialing: 'calling',
  ringing: 'calling',
  answered: 'calling',
  conversation: 'calling',
  analyzing: 'analyzing',
  done: 'done',
  failed: 'failed',
  canceled: 'canceled',
};

/** What the API shows of `call` to anyone but its signed-in owner (spec section 6). */
export function previewOf(call: CallFullView, viewerIsOwner = false): CallPreviewView {
  return {
    id: call.id,
    call_id: call.call_id,
    status: call.status,
    business_name: call.business_name,
    to_number: call.to_number,
    sandbox: call.sandbox,
    kind: call.kind,
    created_at: call.created_at,
    phase: PREVIEW_PHASES[call.phase],
    error_message: call.error_message,
    retry_count: call.retry_count,
    analysis: call.analysis ? PREVIEW_ANALYSIS : null,
    access: 'preview',
    viewer_is_owner: viewerIsOwner,
  };
}

/** The completed call with its analysis, in full (the owner) or as the preview (everyone else). */
export function completedCall(access?: 'full', overrides?: Partial<CallFullView>): CallFullView;
export function completedCall(access: 'preview', overrides?: Partial<CallPreviewView>): CallPreviewView;
export function completedCall(access: CallAccess, overrides?: Partial<Call>): Call;
export function completedCall(access: CallAccess = 'full', overrides: Partial<Call> = {}): Call {
  const full = callFixture({
    status: 'completed',
    phase: 'done',
    ring_count: 3,
    answered_by: 'human',
    ended_at: '2026-01-05T15:01:05.400Z',
    updated_at: '2026-01-05T15:01:06.100Z',
    duration_ms: 65_295,
    timeline: COMPLETED_TIMELINE,
    transcript: LIVE_TRANSCRIPT,
    analysis: FULL_ANALYSIS,
  });
  return access === 'full' ? { ...full, ...(overrides as Partial<CallFullView>) } : { ...previewOf(full), ...(overrides as Partial<CallPreviewView>) };
}

/** The signed-in owner of the calls above. */
export const OWNER: AuthState = {
  ...signedOutAuth,
  user: { id: 'user_baa5a93e-e75f-4b73-8761-9d8a3f3706da', email: 'owner@example.com', firstName: 'Sam' },
  getToken: async () => 'owner-token',
  refreshToken: async () => 'owner-token',
};

/** Pushes a view of `call` to a room (its own by default), as the server does on every change. */
export const publishCall = (app: { publish(message: Omit<RealtimeMessage, 'position'>): Promise<void> }, call: Call, room = CALL_ROOM) =>
  app.publish({ room, projection: 'calls', documentId: call.id, document: call as never });
