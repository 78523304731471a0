import type { TranscriptSegment } from '../../ports/telephony';
import { ScriptedVoiceAgent } from '../voice-agent/scripted-caller';
import { behaviorProfileFor } from './behavior-profile';
import { isWithinBusinessHours } from './business-hours';
import type { CallScript, ScriptedProgress } from './call-script';
import { RING_CYCLE_MS, writeCallScript } from './call-script-writer';
import { directoryBusinesses } from './directory-businesses.fixture';
import { speechDurationMs } from './speech-timing';

const agent = new ScriptedVoiceAgent();
/** Wednesday 11:30 in New York, 8:30 in Los Angeles. */
const MORNING = new Date('2025-03-12T15:30:00Z');
/** Wednesday 23:30 in New York. */
const NIGHT = new Date('2025-03-13T04:30:00Z');
const sample = directoryBusinesses().filter((_, index) => index % 4 === 0);
const morning = sample.map((business, index) => writeCallScript({ callId: `call-m${index}`, business, attempt: 1, agent, startedAt: MORNING }));
const night = sample.map((business, index) => writeCallScript({ callId: `call-n${index}`, business, attempt: 1, agent, startedAt: NIGHT }));
const all = [...morning, ...night];

function segments(script: CallScript): TranscriptSegment[] {
  return script.events.flatMap((event) => (event.kind === 'transcript' ? [event.segment] : []));
}

function last(script: CallScript): ScriptedProgress {
  return script.events[script.events.length - 1]!;
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

describe('writeCallScript', () => {
  it('writes the same script for the same call, place, attempt and time', () => {
    for (const [index, business] of sample.slice(0, 60).entries()) {
      const again = writeCallScript({ callId: `call-m${index}`, business: { ...business }, attempt: 1, agent: new ScriptedVoiceAgent(), startedAt: new Date(MORNING) });
      expect(again).toEqual(morning[index]);
    }
  });

  it('reaches every outcome across the directory, day and night', () => {
    expect(new Set(all.map((script) => script.line))).toEqual(new Set(['human', 'voicemail', 'busy', 'no_answer', 'ivr', 'failed', 'answering_service', 'closed_message']));
    const endings = new Set(all.map((script) => last(script).kind));
    expect(endings).toEqual(new Set(['completed', 'busy', 'no_answer', 'failed']));
    expect(all.some((script) => script.events.some((event) => event.kind === 'ivr_loop'))).toBe(true);
    expect(all.some((script) => script.events.some((event) => event.kind === 'answered' && event.answeredBy === 'voicemail'))).toBe(true);
  });

  it('reports in time order: dialling, rings every six seconds, then the outcome', () => {
    const wrong = all.filter((script) => {
      const times = script.events.map((event) => event.atMs);
      const rings = script.events.flatMap((event) => (event.kind === 'ringing' ? [event] : []));
      const firstRing = rings[0]?.atMs ?? 500;
      return (
        script.events[0]!.kind !== 'dialing' ||
        times.some((time, index) => index > 0 && time < times[index - 1]!) ||
        firstRing < 500 ||
        firstRing > 1200 ||
        rings.some((ring, index) => ring.ring !== index + 1 || ring.atMs - firstRing !== index * RING_CYCLE_MS) ||
        last(script).atMs !== script.durationMs
      );
    });
    expect(wrong.map((script) => script.callId)).toEqual([]);
  });

  it('gives up on an unanswered line after about thirty seconds of ringing', () => {
    const unanswered = all.filter((script) => script.line === 'no_answer');
    expect(unanswered.length).toBeGreaterThan(0);
    for (const script of unanswered) expect(last(script)).toEqual({ kind: 'no_answer', atMs: 30_000, rings: 5 });
  });

  it('decides the business hours in the business time zone and uses the after-hours line when closed', () => {
    const mismatched = sample.filter(
      (business, index) =>
        morning[index]!.duringBusinessHours !== isWithinBusinessHours(business.openingPeriods, business.timeZone, MORNING) ||
        (night[index]!.duringBusinessHours === false && night[index]!.line !== behaviorProfileFor(business, 1).afterHoursLine.kind),
    );
    expect(mismatched.map((business) => business.placeId)).toEqual([]);
    expect(morning.filter((script) => script.duringBusinessHours === false).length).toBeGreaterThan(0);
    expect(night.filter((script) => script.duringBusinessHours === true).length).toBeGreaterThan(0);
    const closed = night.filter((script) => script.line === 'closed_message');
    expect(closed.length).toBeGreaterThan(0);
    expect(segments(closed[0]!)[0]!.text).toContain('We are currently closed');
  });

  it('times speech by its words, and replies after human pauses', () => {
    const answered = morning.filter((script) => script.line === 'human');
    const callerGaps: number[] = [];
    const businessGaps: number[] = [];
    for (const script of answered) {
      const spoken = segments(script);
      const mistimed = spoken.filter((segment) => segment.speaker === 'caller' && segment.endMs - segment.startMs !== speechDurationMs(segment.text, 170));
      expect(mistimed).toEqual([]);
      for (let index = 1; index < spoken.length; index += 1) {
        const gap = spoken[index]!.startMs - spoken[index - 1]!.endMs;
        if (spoken[index]!.speaker === 'caller' && spoken[index - 1]!.speaker === 'business') callerGaps.push(gap);
        if (spoken[index]!.speaker === 'business' && spoken[index - 1]!.speaker === 'caller') businessGaps.push(gap);
      }
    }
    const interruptions = [...callerGaps, ...businessGaps].filter((gap) => gap < 0).length;
    expect(interruptions).toBeGreaterThan(0);
    expect(interruptions / (callerGaps.length + businessGaps.length)).toBeLessThan(0.05);
    expect(callerGaps.filter((gap) => gap >= 0 && (gap < 250 || gap > 900))).toEqual([]);
    expect(mean(businessGaps.filter((gap) => gap >= 0))).toBeGreaterThan(300);
    expect(businessGaps.some((gap) => gap >= 2000)).toBe(true);
  });

  it('runs an answered call for about half a minute of conversation', () => {
    const answered = morning.filter((script) => script.line === 'human');
    const talk = answered.map((script) => script.durationMs - script.answeredAtMs!);
    expect(mean(talk)).toBeGreaterThan(20_000);
    expect(mean(talk)).toBeLessThan(45_000);
    expect(Math.max(...talk)).toBeLessThan(120_000);
  });

  it('holds with music and reports hold on and off', () => {
    const held = morning.filter((script) => script.events.some((event) => event.kind === 'hold'));
    expect(held.length).toBeGreaterThan(0);
    for (const script of held) {
      const holds = script.events.flatMap((event) => (event.kind === 'hold' ? [event] : []));
      expect(holds.map((event) => event.on)).toEqual(holds.map((_, index) => index % 2 === 0));
      const music = script.audio.filter((span) => span.kind === 'hold_music');
      expect(music.map((span) => [span.startMs, span.endMs])).toEqual(
        holds.filter((event) => event.on).map((event, index) => [event.atMs, holds.filter((off) => !off.on)[index]!.atMs]),
      );
    }
  });

  it('navigates menus to a person by pressing keys', () => {
    const throughToPerson = all.filter((script) => script.line === 'ivr' && segments(script).some((segment) => /^[A-Z][a-z ]+, this is /.test(segment.text)));
    expect(throughToPerson.length).toBeGreaterThan(0);
    for (const script of throughToPerson) {
      const press = script.events.findIndex((event) => event.kind === 'dtmf');
      const person = script.events.findIndex((event) => event.kind === 'transcript' && /, this is /.test(event.segment.text));
      expect(press).toBeGreaterThan(-1);
      expect(press).toBeLessThan(person);
      expect(segments(script).some((segment) => segment.speaker === 'caller')).toBe(true);
      expect(script.audio.some((span) => span.kind === 'dtmf')).toBe(true);
    }
  });

  it('hangs up on a looping menu after hearing it three times', () => {
    const loops = all.filter((script) => script.events.some((event) => event.kind === 'ivr_loop'));
    expect(loops.length).toBeGreaterThan(0);
    for (const script of loops) {
      const menus = segments(script).filter((segment) => /press \d/.test(segment.text));
      expect(menus.length).toBe(3);
      expect(new Set(menus.map((menu) => menu.text)).size).toBe(1);
      expect(script.events.slice(-2).map((event) => event.kind)).toEqual(['ivr_loop', 'completed']);
      expect(last(script)).toMatchObject({ endedBy: 'caller' });
    }
  });

  it('never leaves a voicemail: no caller words after a mailbox answers', () => {
    const mailboxes = all.filter((script) => script.events.some((event) => event.kind === 'answered' && event.answeredBy === 'voicemail'));
    expect(mailboxes.length).toBeGreaterThan(50);
    expect(mailboxes.filter((script) => segments(script).some((segment) => segment.speaker === 'caller')).map((script) => script.callId)).toEqual([]);
    expect(new Set(mailboxes.map((script) => { const end = last(script); return end.kind === 'completed' ? end.endedBy : end.kind; }))).toEqual(new Set(['caller']));
    const beeps = mailboxes.filter((script) => script.audio.some((span) => span.kind === 'beep'));
    expect(beeps.length).toBeGreaterThan(0);
    for (const script of beeps) {
      const beep = script.audio.find((span) => span.kind === 'beep')!;
      expect(script.durationMs - beep.endMs).toBeLessThan(1000);
    }
  });

  it('ends every answered call with a polite goodbye from the caller or the business', () => {
    const conversations = all.filter((script) => script.line === 'human' || script.line === 'answering_service');
    const impolite = conversations.filter((script) => {
      const spoken = segments(script);
      return (
        spoken[0]!.speaker !== 'business' ||
        !spoken.slice(-3).some((segment) => /\bbye\b/i.test(segment.text)) ||
        spoken.some((segment) => segment.confidence <= 0.7 || segment.confidence > 1)
      );
    });
    expect(impolite.map((script) => script.callId)).toEqual([]);
  });

  it('varies a busy line by attempt number', () => {
    const busy = sample.filter((business) => behaviorProfileFor(business, 1).inHours.kind === 'busy').slice(0, 30);
    const second = busy.map((business) => writeCallScript({ callId: 'retry', business, attempt: 2, agent, startedAt: MORNING }));
    expect(second.some((script) => script.line === 'human')).toBe(true);
  });
});

describe('writeCallScript: phone menus that transfer', () => {
  it('reports a second answer when a menu hands the call to a person or a mailbox, after the first', () => {
    const transferred = all.filter((script) => script.line === 'ivr' && script.events.filter((e) => e.kind === 'answered').length > 1);
    expect(transferred.length).toBeGreaterThan(0);
    for (const script of transferred) {
      const answers = script.events.flatMap((e) => (e.kind === 'answered' ? [e] : []));
      expect(answers[0]!.answeredBy).toBe('ivr');
      expect(['human', 'voicemail']).toContain(answers[1]!.answeredBy);
      expect(answers[1]!.atMs).toBeGreaterThan(answers[0]!.atMs);
    }
  });
});
