/** The consent banner's words. */
export const CONSENT_MESSAGES = {
  title: 'Your privacy choices',
  text: 'We use analytics to improve Ringcheck, only if you accept. Declining changes nothing you can do.',
  showDetails: 'What this covers',
  hideDetails: 'Hide details',
  withConsentTitle: 'Only with your consent',
  withConsent: [
    'Pages visited, searches, calls started and how they ended, buttons used and errors seen, with phone numbers masked.',
    'A fingerprint of this device and its screen size, time zone and language.',
    'The campaign in the link that brought you here.',
  ],
  alwaysTitle: 'Always, because the service needs it',
  always: [
    'A visitor id in a cookie, so you can follow and cancel your own test calls.',
    'How many requests this browser sends, to keep the service fair for everyone.',
  ],
  accept: 'Accept',
  decline: 'Decline',
  currentlyAccepted: 'You currently allow analytics.',
  currentlyDeclined: 'You currently decline analytics.',
  privacyChoices: 'Privacy choices',
} as const;
