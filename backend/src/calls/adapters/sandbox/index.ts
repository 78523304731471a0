export {
  type AfterHoursBehavior,
  type BehaviorProfile,
  behaviorProfileFor,
  type IvrProfile,
  type LineBehavior,
  type LineKind,
  lineAt,
  NO_ANSWER_TIMEOUT_MS,
  type ReceptionistProfile,
  type ReceptionistStyle,
} from './behavior-profile';
export { businessZone, isOpenAt, isWithinBusinessHours, type LocalTime, localTimeAt } from './business-hours';
export type { BusinessBeat, BusinessParty, BusinessVoice } from './business-party';
export { type CallPlaybackOptions, CallPlayback } from './call-playback';
export { type CallRecording, NO_SYNTHESIZER_NOTE, type RecordingSampleRate, renderCallRecording } from './call-recording';
export type { AudioSpan, CallScript, ScriptedProgress } from './call-script';
export { type CallScriptInput, RING_CYCLE_MS, RING_ON_MS, writeCallScript } from './call-script-writer';
export { type CallerSpeechCues, readCallerSpeech } from './caller-speech-cues';
export type { Clock, TimerHandle } from './clock';
export { type DeskKnowledge, deskKnowledgeFor } from './desk-knowledge';
export { EspeakSynthesizer } from './espeak-synthesizer';
export { type IvrMenuOption, type IvrRoute, ivrMenuFor } from './ivr-menus';
export { type IvrSetup, IvrSystem } from './ivr-system';
export { closedMessage, voicemailGreeting, type VoicemailGreetingKind } from './machine-messages';
export { ManualClock } from './manual-clock';
export { resample, rms } from './pcm-audio';
export { Receptionist, type ReceptionistSetup } from './receptionist';
export { RecordedMessage } from './recorded-message';
export { SandboxTelephony, type SandboxTelephonyOptions } from './sandbox-telephony';
export type { PcmAudio, SpeechSynthesizer, SynthesisVoice } from './speech-synthesizer';
export { speakableText } from './speakable-text';
export { DEFAULT_WORDS_PER_MINUTE, speechDurationMs, spokenWordCount, wordsSpokenBy } from './speech-timing';
export { describeTodayHours, describeWeeklyHours, isAlwaysOpen, shiftClosingTimes, spokenTime } from './spoken-hours';
export { SystemClock } from './system-clock';
export { truncateCallScript } from './truncate-call-script';
export { VoicemailBox } from './voicemail-box';
export { type DecodedWav, decodeWav, encodeWav } from './wav-file';
