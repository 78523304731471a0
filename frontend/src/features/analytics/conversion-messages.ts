/** The words of the analysts' conversion page. */
export const CONVERSION_MESSAGES = {
  title: 'Conversion',
  subtitle: 'How visitors become customers: who searched, who called, who signed up',
  loadFailed: 'The figures could not be loaded',
  forbidden: 'This page is for analysts',
  forbiddenHint: 'An operator grants the analyst role from the command line. Ask yours if you need these figures.',
  empty: 'No visitors in this range',
  emptyHint: 'Nobody visited for the first time between these days. Choose a wider range, or an earlier one.',
  download: 'Download CSV',
} as const;
