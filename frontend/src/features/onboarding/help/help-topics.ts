/** The help page's content: how a call works, and what each part of the report means. */

export const HOW_CALLS_WORK: ReadonlyArray<{ title: string; text: string }> = [
  { title: 'Find your business', text: 'Search by business name and location, then pick yours from the list ("Is this your business?").' },
  {
    title: 'We call like a customer',
    text: 'An AI caller phones the business and asks what a real customer would ask, such as opening hours or an appointment.',
  },
  { title: 'Follow it live', text: 'The call report updates while the call rings, connects and ends. You can cancel a call in progress.' },
  {
    title: 'Read the report',
    text: 'About 30 seconds after the call ends, the analysis is ready: how fast the line answered, who answered, what was said and what to improve.',
  },
];

export interface MetricHelp {
  name: string;
  text: string;
  /** Values the metric takes, with what each means. */
  values?: ReadonlyArray<{ value: string; meaning: string }>;
}

export const METRICS: readonly MetricHelp[] = [
  {
    name: 'Connection status',
    text: 'How the call ended up.',
    values: [
      { value: 'Answered', meaning: 'A person (or a menu that led to a person) picked up.' },
      { value: 'Voicemail', meaning: 'The call went to voicemail or an answering machine.' },
      { value: 'Busy', meaning: 'The line was busy.' },
      { value: 'No answer', meaning: 'It rang until the call gave up; nobody picked up.' },
      { value: 'Failed', meaning: 'The call could not be connected at all, for example a number that does not work.' },
      { value: 'IVR loop', meaning: 'An automated phone menu kept the caller going round without ever reaching a person.' },
      { value: 'Other', meaning: 'Anything else, for example a fax tone.' },
    ],
  },
  {
    name: 'Attempts before pickup',
    text: 'How many times the number was dialled before the call was answered. 1 means it was answered on the first try, which the report shows as first-call success.',
  },
  {
    name: 'Time to first ring',
    text: 'From dialling until the line started ringing. Times under one second are shown in milliseconds, longer ones in seconds with one decimal; N/A means it never rang.',
  },
  { name: 'Time to answer', text: 'From dialling until someone (or a machine) answered. The longer it takes, the more callers give up.' },
  { name: 'Rings before pickup', text: 'How many rings a caller hears before the call is answered. Every extra ring is a chance for the caller to hang up.' },
  {
    name: 'Business hours compliance',
    text: 'Whether the call was placed during the hours the business lists (yes, no, or unknown when no hours are listed), and outside those hours what a caller gets: a voicemail that gives the hours and promises a callback is good practice.',
  },
];

export const SCORES: ReadonlyArray<{ name: string; text: string }> = [
  {
    name: 'Overall score',
    text: 'Out of 10: response time and resolution count 35 % each, professionalism 30 %. A score that nothing in the call could show is left out.',
  },
  { name: 'Response time', text: 'How quickly and directly the call was answered, and whether the caller was kept on hold for long.' },
  {
    name: 'Professionalism',
    text: 'A warm greeting, introducing themselves, offering help, polite wording, good hold etiquette, letting the caller finish and a polite close.',
  },
  { name: 'Resolution', text: 'Whether the caller’s question was answered and the call ended with a clear next step.' },
];

/** The colour bands of every 0–10 score (spec section 5), with a sample score for each. */
export const SCORE_BANDS: ReadonlyArray<{ label: string; sample: number; meaning: string }> = [
  { label: '8 or more', sample: 8, meaning: 'Green: customers are well served.' },
  { label: '6 to 7.9', sample: 6, meaning: 'Yellow: works, with room to improve.' },
  { label: 'Below 6', sample: 5, meaning: 'Red: callers are likely lost.' },
];

export const PREVIEW_LIMITS =
  'Without an account, a call report shows a preview: the connection status, the attempts before pickup and whether it was a first-call success. Signing in unlocks the transcript, the recording, the speed metrics and business hours compliance.';
