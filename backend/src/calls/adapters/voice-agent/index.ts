export { allBusinessCategories, businessCategoryOf, type BusinessCategory, type DeskFamily } from './business-category';
export { type BusinessSpeechCues, matchDetail, readBusinessSpeech } from './business-speech-cues';
export { callerGoalCategories, callerGoalFor } from './caller-goals';
export { callerPersonaFor } from './caller-persona';
export { chooseIvrDigit, ivrOptionsOf } from './ivr-choice';
export { ScriptedCallerSession, type CallerPolicy } from './scripted-caller-session';
export { ScriptedVoiceAgent } from './scripted-caller';
export { hashString, SeededRandom } from '../../../infrastructure/random';
export {
  callerInstructions,
  type BusinessUtterance,
  type BusinessUtteranceKind,
  type CallerAction,
  type CallerGoal,
  type CallerPersona,
  type CallerSession,
  type CallerTopic,
  type IvrOption,
  type VoiceAgent,
} from '../../ports/voice-agent';
