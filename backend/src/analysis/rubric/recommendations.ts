import type { Evidence, Priority, Recommendation, RecommendationCategory } from '../ports/call-analyzer';
import { allChecks, check, type AnalysisContext } from './analysis-context';
import { uniqueEvidence } from './evidence';
import { ringsOf } from './response-time-score';
import type { CheckStatus, RubricCheck } from './rubric-check';

interface Advice {
  category: RecommendationCategory;
  action: string;
  impact: string;
  implementation: string;
}

/** Advice for a missed or partly met check, with its priority for each outcome (none = no advice). */
interface CheckAdvice extends Advice {
  priority: Partial<Record<Exclude<CheckStatus, 'pass'>, Priority>>;
}

const CHECK_ADVICE: Record<string, CheckAdvice> = {
  attempts: {
    category: 'Availability',
    priority: { fail: 'medium' },
    action: 'Make sure the first call gets through',
    impact: 'Callers rarely try twice; every repeat attempt is a customer who may not bother',
    implementation: 'Check why the first attempt failed (busy line, unanswered rings); add a rollover line or forwarding so one call is enough.',
  },
  'long-hold': {
    category: 'Responsiveness',
    priority: { fail: 'medium' },
    action: 'Keep holds under 30 seconds or offer a callback',
    impact: 'Long holds are the most common reason callers hang up before booking',
    implementation: 'Check back with the caller every 30 seconds; if the answer takes longer, take their number and promise a callback time.',
  },
  'menu-first': {
    category: 'Responsiveness',
    priority: { fail: 'low' },
    action: 'Keep the phone menu short and offer a person early',
    impact: 'Fewer callers give up before reaching someone who can help',
    implementation: 'Limit the menu to 3 options, announce "press 0 for a person" first, and review the menu every quarter.',
  },
  'business-silent': {
    category: 'Customer Service',
    priority: { fail: 'high' },
    action: 'Greet callers as soon as you pick up',
    impact: 'Callers who hear nothing after the pickup hang up and call a competitor',
    implementation: 'Pick up only when ready to talk; check the headset and line quality; use a standard opening line.',
  },
  'business-name': {
    category: 'Customer Service',
    priority: { fail: 'medium' },
    action: 'Greet callers with the business name',
    impact: 'Callers know at once they reached the right place, which builds trust from the first second',
    implementation:
      'Use one opening line for everyone who answers: "Thank you for calling <business>, this is <name>, how can I help you?"; post it by the phone.',
  },
  'voicemail:business-name': {
    category: 'Customer Service',
    priority: { fail: 'medium' },
    action: 'Name the business in the voicemail greeting',
    impact: 'Callers know they reached the right number and are more likely to leave a message',
    implementation: 'Re-record the greeting to open with "You have reached <business>".',
  },
  'menu:business-name': {
    category: 'Customer Service',
    priority: { fail: 'medium' },
    action: 'Name the business at the start of the phone menu',
    impact: 'Callers know they reached the right number before choosing an option',
    implementation: 'Open the menu recording with "Thank you for calling <business>".',
  },
  'warm-greeting': {
    category: 'Customer Service',
    priority: { fail: 'low', partial: 'low' },
    action: 'Open every call with a warm greeting',
    impact: 'A friendly first line sets the tone for the whole call',
    implementation: 'Start with "Thank you for calling" or "Good morning" rather than a bare "Hello".',
  },
  'introduces-self': {
    category: 'Customer Service',
    priority: { fail: 'low' },
    action: 'Introduce yourself by name',
    impact: 'Callers feel they are talking to a person who takes ownership of their request',
    implementation: 'Add "this is <name>" to the opening line.',
  },
  'offers-help': {
    category: 'Customer Service',
    priority: { fail: 'low' },
    action: 'Offer help right after the greeting',
    impact: 'Callers state their need sooner and the call moves faster',
    implementation: 'End the opening line with "How can I help you?".',
  },
  polite: {
    category: 'Customer Service',
    priority: { fail: 'medium' },
    action: 'Use courteous phrases: please, thank you, happy to help',
    impact: 'Courtesy is what callers remember and mention in reviews',
    implementation: 'Coach staff on a few stock phrases and listen to a few calls each week.',
  },
  'courteous-tone': {
    category: 'Customer Service',
    priority: { fail: 'high', partial: 'medium' },
    action: 'Replace curt replies with courteous, complete answers',
    impact: 'A caller who feels brushed off takes the job elsewhere and may leave a bad review',
    implementation: 'Answer in full sentences; if busy, say so politely and offer a callback time instead of cutting the caller short.',
  },
  'hold-etiquette': {
    category: 'Customer Service',
    priority: { fail: 'medium', partial: 'low' },
    action: 'Ask before placing callers on hold and thank them when you return',
    impact: 'Callers tolerate a hold they agreed to, and leave one they did not',
    implementation: 'Say "May I put you on a brief hold?" and wait for a yes; on return say "Thank you for holding".',
  },
  'lets-caller-finish': {
    category: 'Customer Service',
    priority: { fail: 'medium', partial: 'low' },
    action: 'Let callers finish before responding',
    impact: 'Callers feel heard and give the details needed to help them',
    implementation: 'Pause a beat after the caller stops talking; take notes instead of jumping in.',
  },
  'no-long-silence': {
    category: 'Customer Service',
    priority: { fail: 'medium', partial: 'low' },
    action: 'Avoid long silences: tell callers what you are doing',
    impact: 'Silence makes callers think the line dropped or that nobody cares',
    implementation: 'Narrate lookups ("Let me check the schedule for you") or ask to place the caller on a brief hold.',
  },
  closing: {
    category: 'Customer Service',
    priority: { fail: 'low' },
    action: 'Close every call with a thank-you',
    impact: 'A warm ending leaves a good last impression',
    implementation: 'Recap the next step and end with "Thank you for calling, have a great day".',
  },
  'need-availability': {
    category: 'Sales',
    priority: { fail: 'medium', partial: 'medium' },
    action: 'Give callers the next available time',
    impact: 'Callers who hear a concrete time book; callers who hear "I\'d have to check" keep shopping',
    implementation: 'Keep the schedule open at the phone (shared calendar or booking tool) so whoever answers can quote the next opening.',
  },
  'need-pricing': {
    category: 'Sales',
    priority: { fail: 'medium', partial: 'low' },
    action: 'Give a price range or offer a free quote',
    impact: 'A ballpark price keeps the caller engaged instead of calling the next business',
    implementation: 'Write down typical price ranges for common jobs; when a firm price needs a visit, offer a free estimate and book it.',
  },
  'need-hours': {
    category: 'Operations',
    priority: { fail: 'medium', partial: 'low' },
    action: 'Make sure whoever answers knows your hours',
    impact: 'Callers can plan their visit or call without guessing',
    implementation: 'Post the hours by the phone and keep them the same on your website and Google Business Profile.',
  },
  'need-emergency': {
    category: 'Availability',
    priority: { fail: 'high', partial: 'medium' },
    action: 'Tell callers how fast you can respond to an emergency',
    impact: 'Urgent callers book the first business that promises a time',
    implementation: 'Set an emergency response policy (e.g. same day, within 2 hours) and an on-call rota; give callers that time.',
  },
  'need-location': {
    category: 'Operations',
    priority: { fail: 'low', partial: 'low' },
    action: 'Have your address and service area ready to share',
    impact: 'Callers know at once whether you can serve them',
    implementation: 'Keep the address and the list of areas served by the phone.',
  },
  'need-insurance': {
    category: 'Operations',
    priority: { fail: 'medium', partial: 'low' },
    action: 'Keep a list of accepted insurance plans at the phone',
    impact: 'Callers with coverage questions book when they hear a clear yes',
    implementation: 'List accepted plans by the phone and on the website; update it when contracts change.',
  },
  'need-delivery': {
    category: 'Operations',
    priority: { fail: 'low', partial: 'low' },
    action: 'Know your delivery area and hours',
    impact: 'Callers order when they hear a clear answer',
    implementation: 'Keep the delivery radius, hours and fees by the phone.',
  },
  'next-step': {
    category: 'Sales',
    priority: { fail: 'high', partial: 'medium' },
    action: 'Offer to book or take a callback number',
    impact: 'Every call ends with a booking or a lead instead of a caller who may never call back',
    implementation:
      'Before ending any call, offer an appointment; if the caller is not ready, take their name and number and promise a callback time.',
  },
  'questions-answered': {
    category: 'Customer Service',
    priority: { fail: 'medium', partial: 'low' },
    action: 'Prepare answers to the questions callers ask most',
    impact: 'Callers get what they called for on the first call',
    implementation: 'Write a one-page answer sheet (prices, hours, availability, services) and keep it at the phone.',
  },
  'vm-hours': {
    category: 'Customer Service',
    priority: { fail: 'medium' },
    action: 'Mention your hours in the voicemail greeting',
    impact: 'Callers who reach voicemail know when to call back instead of trying a competitor',
    implementation: 'Record a greeting with the business name, your hours, and when you will return the call.',
  },
  'vm-callback': {
    category: 'Customer Service',
    priority: { fail: 'medium', partial: 'low' },
    action: 'Invite callers to leave a message and promise a callback',
    impact: 'More callers leave their details, so fewer leads are lost',
    implementation: 'End the greeting with "Leave your name and number and we will call you back within the hour", and keep that promise.',
  },
  'vm-other-channel': {
    category: 'Customer Service',
    priority: { fail: 'low' },
    action: 'Point callers to another way to reach you in the voicemail greeting',
    impact: 'Callers can book or get help without waiting for a callback',
    implementation: 'Mention your website or online booking, and an emergency line if you have one.',
  },
  'menu-operator': {
    category: 'Operations',
    priority: { fail: 'medium' },
    action: 'Let callers press 0 to reach a person',
    impact: 'Callers stuck in the menu reach someone instead of hanging up',
    implementation: 'Add a "press 0 for the front desk" option to every menu level and announce it first.',
  },
};

const PRIORITY_ORDER: Record<Priority, number> = { high: 0, medium: 1, low: 2 };

/** Actions for the owner, most urgent first, each citing the evidence that called for it. */
export function recommendationsOf(context: AnalysisContext): Recommendation[] {
  const recommendations: Recommendation[] = [...outcomeAdvice(context)];
  for (const found of allChecks(context)) {
    const advice = CHECK_ADVICE[`${context.mode}:${found.id}`] ?? CHECK_ADVICE[found.id];
    const priority = advice ? priorityFor(found, advice, context) : undefined;
    if (advice && priority) recommendations.push(recommend(advice, priority, found.evidence));
  }
  const unique = recommendations.filter((r, i) => recommendations.findIndex((other) => other.action === r.action) === i);
  return unique
    .map((r, order) => ({ r, order }))
    .sort((a, b) => PRIORITY_ORDER[a.r.priority] - PRIORITY_ORDER[b.r.priority] || a.order - b.order)
    .map(({ r }) => r);
}

function priorityFor(found: RubricCheck, advice: CheckAdvice, context: AnalysisContext): Priority | undefined {
  if (found.status === 'pass') return undefined;
  // An unreached call already gets the advice to catch missed calls; repeating it per attempt adds nothing.
  if (found.id === 'attempts' && context.mode === 'unreached') return undefined;
  // Outside business hours the greeting is all a caller gets, so the hours in it matter most.
  if (found.id === 'vm-hours' && context.input.duringBusinessHours === false) return 'high';
  return advice.priority[found.status];
}

function recommend(advice: Advice, priority: Priority, evidence: Evidence[]): Recommendation {
  return {
    category: advice.category,
    priority,
    action: advice.action,
    impact: advice.impact,
    implementation: advice.implementation,
    evidence: uniqueEvidence(evidence),
  };
}

/** Advice that follows from how the call connected rather than from one check. */
function outcomeAdvice(context: AnalysisContext): Recommendation[] {
  const { input, mode } = context;
  const pickup = check(context, 'pickup');
  const evidence = pickup?.evidence ?? [];
  switch (mode) {
    case 'unreached':
      if (input.connectionStatus === 'busy') {
        return [
          recommend(
            {
              category: 'Availability',
              action: 'Add a second line or call rollover so callers never hear a busy signal',
              impact: 'Callers who hear a busy signal rarely call back; a rollover line keeps them',
              implementation: 'Ask your phone provider for call waiting or a hunt group; forward overflow calls to a mobile or an answering service.',
            },
            'high',
            evidence,
          ),
        ];
      }
      if (input.connectionStatus === 'failed') {
        return [
          recommend(
            {
              category: 'Operations',
              action: 'Check that your listed phone number works',
              impact: 'A number that cannot be reached turns every caller away',
              implementation:
                'Call the number from another phone, check the line with your carrier, and correct the number on your website and Google Business Profile.',
            },
            'high',
            evidence,
          ),
        ];
      }
      return [missedCallAdvice(evidence)];
    case 'voicemail':
      return input.duringBusinessHours === false
        ? []
        : [
            recommend(
              {
                category: 'Availability',
                action: 'Answer calls live during business hours',
                impact: 'Most callers who reach voicemail hang up without a message and call the next business',
                implementation:
                  'Make one person responsible for the phone at all times during opening hours; forward to a mobile or an answering service when the desk is empty.',
              },
              'high',
              evidence,
            ),
          ];
    case 'menu':
      return [
        recommend(
          {
            category: 'Operations',
            action: 'Fix the phone menu so every option reaches a person',
            impact: 'Callers caught in a loop hang up and never reach you',
            implementation: 'Call every menu path yourself; make each end at a person, a voicemail box or a callback; add "press 0" at every level.',
          },
          'high',
          [...evidence, ...context.resolution.evidence.slice(0, 2)],
        ),
      ];
    case 'live': {
      const rings = ringsOf(input, context.detail.timeToAnswerMs);
      if (rings === null || rings < 4) return [];
      return [
        recommend(
          {
            category: 'Responsiveness',
            action: 'Answer within 3 rings',
            impact: 'Callers start hanging up after the third ring; a quick pickup keeps them on the line',
            implementation: 'Set a 3-ring rule for whoever is on phone duty; forward calls to a second person or an answering service after 4 rings.',
          },
          rings >= 6 ? 'high' : 'medium',
          evidence,
        ),
      ];
    }
  }
}

function missedCallAdvice(evidence: Evidence[]): Recommendation {
  return recommend(
    {
      category: 'Availability',
      action: 'Set up call forwarding or an answering service',
      impact: 'A call that rings out is a lost customer; catching it keeps the lead',
      implementation:
        'Forward calls to a mobile or an answering service after 4 rings, do the same after hours, and test it by calling your own number.',
    },
    'high',
    evidence,
  );
}
