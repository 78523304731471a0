const LABELS: Record<string, string> = {
  rubric: 'Analysed by the rubric',
  llm: 'Analysed by an AI model',
};

/** The line naming who wrote the report; null for an analyzer this app does not know. */
export const analyzerLabel = (analyzer: string | undefined): string | null => (analyzer ? (LABELS[analyzer] ?? null) : null);
