import type { Evidence, SatisfactionIndicator } from '../ports/call-analyzer';
import { check, type AnalysisContext } from './analysis-context';
import { factEvidence, quoteEvidence, segmentEvidence, uniqueEvidence } from './evidence';
import { clock, seconds } from './format';
import { findSentences } from './phrases';
import { LONG_HOLD_MS } from './response-time-score';
import type { RubricCheck } from './rubric-check';

function indicator(name: string, present: boolean, impact: 'positive' | 'negative', evidence: Evidence[]): SatisfactionIndicator {
  return { indicator: name, present, impact, evidence: uniqueEvidence(evidence) };
}

function fromCheck(name: string, found: RubricCheck | undefined, fallback: string): SatisfactionIndicator {
  return indicator(name, found?.status === 'pass', 'positive', found ? found.evidence : [factEvidence(fallback)]);
}

/** Signs that raise or lower a caller's satisfaction, each marked present or missing with its evidence. */
export function satisfactionIndicatorsOf(context: AnalysisContext): SatisfactionIndicator[] {
  switch (context.mode) {
    case 'live':
      return liveIndicators(context);
    case 'voicemail':
      return [
        indicator('Call reached voicemail', true, 'negative', check(context, 'pickup')!.evidence),
        fromCheck('Greeted by name', check(context, 'business-name'), 'No greeting was transcribed'),
        fromCheck('Hours in greeting', check(context, 'vm-hours'), 'No greeting was transcribed'),
        fromCheck('Callback promised', check(context, 'vm-callback'), 'No greeting was transcribed'),
      ];
    case 'menu':
      return [
        indicator('Automated menu loop', true, 'negative', context.resolution.evidence.slice(0, 3)),
        fromCheck('Greeted by name', check(context, 'business-name'), 'No menu prompt was transcribed'),
        fromCheck('Way to reach a person', check(context, 'menu-operator'), 'No menu prompt was transcribed'),
      ];
    case 'unreached': {
      const name = { busy: 'Line busy', failed: 'Number not reachable' }[context.input.connectionStatus as 'busy' | 'failed'] ?? 'Call not answered';
      return [indicator(name, true, 'negative', check(context, 'pickup')!.evidence)];
    }
  }
}

function liveIndicators(context: AnalysisContext): SatisfactionIndicator[] {
  const { view, detail } = context;
  const pickup = check(context, 'pickup')!;
  const answerChecks = [
    ...context.resolution.checks.filter((c) => c.id.startsWith('need-')),
    ...context.resolution.checks.filter((c) => c.id === 'questions-answered'),
  ];
  const nextStep = check(context, 'next-step')!;
  const thanks = findSentences(view.business, [/\bthank(s| you)\b/]);
  const lastBusiness = view.business[view.business.length - 1];
  const businessTalkovers = detail.overlaps.filter((o) => o.segment.speaker === 'business');
  const tone = check(context, 'courteous-tone');

  const indicators = [
    indicator('Answered quickly', pickup.status === 'pass', 'positive', pickup.evidence),
    fromCheck('Greeted by name', check(context, 'business-name'), 'The business said nothing'),
    indicator(
      'Question answered',
      answerChecks.length > 0 && answerChecks.every((c) => c.status === 'pass'),
      'positive',
      answerChecks.length > 0 ? answerChecks.flatMap((c) => c.evidence).slice(0, 3) : [factEvidence('The caller asked no questions')],
    ),
    indicator('Next step offered', nextStep.status !== 'fail', 'positive', nextStep.evidence),
    indicator(
      'Caller thanked',
      thanks.length > 0,
      'positive',
      thanks.length > 0 ? [quoteEvidence(thanks[0]!)] : lastBusiness ? [segmentEvidence(lastBusiness)] : [factEvidence('The business said nothing')],
    ),
    indicator(
      'Long hold',
      detail.holdMs >= LONG_HOLD_MS,
      'negative',
      detail.holds.length > 0
        ? detail.holds.map((h) => factEvidence(`On hold for ${seconds(h.endMs - h.startMs)} from ${clock(h.startMs)}`, h.startMs))
        : [factEvidence('The caller was never put on hold')],
    ),
    indicator(
      'Dead air',
      detail.deadAir.length > 0,
      'negative',
      detail.deadAir.length > 0
        ? detail.deadAir
            .slice(0, 3)
            .map((gap) => factEvidence(`Silence of ${seconds(gap.endMs - gap.startMs)} at ${clock(gap.startMs)}`, gap.startMs))
        : [factEvidence('No silence of 2 s or more')],
    ),
    indicator(
      'Caller talked over',
      businessTalkovers.length > 0,
      'negative',
      businessTalkovers.length > 0
        ? businessTalkovers.slice(0, 3).map((o) => segmentEvidence(o.segment))
        : [factEvidence('The business never spoke over the caller')],
    ),
    indicator(
      'Curt replies',
      tone !== undefined && tone.status !== 'pass',
      'negative',
      tone ? tone.evidence : [factEvidence('The business said nothing')],
    ),
  ];
  if (context.input.answeredBy === 'ivr')
    indicators.push(indicator('Automated menu first', true, 'negative', check(context, 'menu-first')!.evidence));
  return indicators;
}
