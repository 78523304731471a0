import type { CallAnalysisFull, CallFullView } from '../../../api/calls-api';

/** The analysis as a downloadable document: the call's facts and its full analysis. */
export function analysisExport(call: CallFullView, analysis: CallAnalysisFull) {
  return {
    exported_at: new Date().toISOString(),
    call: {
      id: call.id,
      business_name: call.business_name,
      phone_number: call.to_number,
      status: call.status,
      sandbox: call.sandbox,
      created_at: call.created_at,
      ended_at: call.ended_at,
      duration_ms: call.duration_ms,
    },
    analysis,
  };
}

export const exportFileName = (callId: string) => `ringcheck-analysis-${callId}.json`;

/** Downloads the analysis as JSON. */
export function downloadAnalysis(call: CallFullView, analysis: CallAnalysisFull): void {
  const blob = new Blob([JSON.stringify(analysisExport(call, analysis), null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(call.id);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
