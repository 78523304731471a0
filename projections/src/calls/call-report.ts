/** The analysis report of one call: scores, findings and recommendations, each resting on evidence. */

/**
 * What a score or recommendation rests on. With a segmentIndex, `quote` is verbatim text of that
 * transcript segment; without one it states an observed fact ('Answered after 4 rings (22.1 s)').
 */
export interface Evidence {
  segmentIndex: number | null;
  quote: string;
  /** Ms from the answer when the evidence points into the conversation; null otherwise. */
  atMs: number | null;
}

export interface Finding {
  text: string;
  evidence: Evidence[];
}

export type Sentiment = 'positive' | 'neutral' | 'negative';
export type Priority = 'high' | 'medium' | 'low';
export type RecommendationCategory = 'Responsiveness' | 'Customer Service' | 'Sales' | 'Operations' | 'Availability';

export interface SatisfactionIndicator {
  indicator: string;
  present: boolean;
  /** What the indicator does to satisfaction when present. */
  impact: 'positive' | 'negative';
  evidence: Evidence[];
}

export interface Recommendation {
  category: RecommendationCategory;
  priority: Priority;
  action: string;
  /** The expected impact of acting on it. */
  impact: string;
  implementation: string;
  evidence: Evidence[];
}

export interface CallMetrics {
  /** Seconds from dialling to the end, one decimal. */
  callDuration: number;
  /** Seconds from dialling to the answer plus time on hold, one decimal (the whole call when unanswered). */
  waitTime: number;
  /** Business talk time / total talk time, 0–1, two decimals. */
  talkTimeRatio: number;
  /** Times one party started speaking over the other. */
  interruptions: number;
  /**
   * Seconds of silence (stretches of 2 s or more) while someone is on the line to talk to, hold excluded,
   * one decimal. A menu waiting for a keypress is not dead air.
   */
  deadAirTime: number;
}

export interface CallAnalysisReport {
  summary: string;
  /** 0–10, one decimal. */
  overallScore: number;
  sentiment: Sentiment;
  professionalismScore: number;
  responseTimeScore: number;
  resolutionScore: number;
  /**
   * Whether each score rests on something observed. A call nobody answered shows no professionalism:
   * that score is 0 and left out of the overall score.
   */
  observedScores: { professionalism: boolean; responseTime: boolean; resolution: boolean };
  scoreEvidence: { professionalism: Evidence[]; responseTime: Evidence[]; resolution: Evidence[] };
  keyTopics: string[];
  strengths: Finding[];
  areasForImprovement: Finding[];
  satisfactionIndicators: SatisfactionIndicator[];
  recommendations: Recommendation[];
  metrics: CallMetrics;
  /** How the business handled a call outside its hours; null within hours or when hours are unknown. */
  afterHoursBehavior: string | null;
}
