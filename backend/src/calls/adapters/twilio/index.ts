export { TwilioMediaStreamLifecycle } from './media-stream.lifecycle';
export { TwilioTelephony, type TwilioTelephonyOptions } from './twilio-telephony';
export { type TwilioSettings, twilioSettingsOf } from './twilio-settings';
export { TwilioWebhooksController } from './twilio-webhooks.controller';
