import { callerInstructions } from '../../ports/voice-agent';
import { allBusinessCategories } from './business-category';
import { businessOfCategory } from './category-business.fixture';
import { callerGoalCategories, callerGoalFor } from './caller-goals';
import { callerPersonaFor } from './caller-persona';

describe('callerGoalFor', () => {
  it('has a goal for every category the sandbox knows', () => {
    expect(new Set(callerGoalCategories())).toEqual(new Set(allBusinessCategories().map((category) => category.key)));
  });

  it('picks the category goal from the business types', () => {
    const plumber = callerGoalFor({ name: "Joe's Plumbing", businessTypes: ['plumber', 'point_of_interest'] });
    expect(plumber.category).toBe('plumber');
    expect(plumber.summary).toBe('a leaking pipe under the kitchen sink, wants someone today');
    expect(callerGoalFor({ name: 'Bright Smile Dental', businessTypes: ['dentist', 'health'] }).summary).toBe('a cleaning appointment next week');
    expect(callerGoalFor({ name: 'Peak Roofing', businessTypes: ['roofing_contractor'] }).summary).toBe('a quote for a roof repair after a storm');
    expect(callerGoalFor({ name: 'Casa Sol', businessTypes: ['mexican_restaurant', 'restaurant'] }).summary).toBe('a table for four tonight');
    expect(callerGoalFor({ name: 'Acme', businessTypes: ['establishment'] }).summary).toBe('asking about availability and prices');
  });

  it('gives every goal openings, IVR words and a question for each topic it may still need', () => {
    for (const category of allBusinessCategories()) {
      const seeded = callerGoalForCategory(category.key);
      expect(seeded.openings.length).toBeGreaterThan(0);
      expect(seeded.ivrKeywords.length).toBeGreaterThan(0);
      for (const topic of seeded.topics.slice(1)) expect(seeded.followUps[topic]?.length).toBeGreaterThan(0);
    }
  });
});

describe('callerInstructions', () => {
  it('tells a realtime model who it is, what it needs and how to behave on menus and voicemail', () => {
    const goal = callerGoalFor({ name: "Joe's Plumbing", businessTypes: ['plumber'] });
    const persona = callerPersonaFor('call-1');
    const prompt = callerInstructions({ name: "Joe's Plumbing" }, goal, persona);
    expect(prompt).toContain("phoning Joe's Plumbing");
    expect(prompt).toContain(goal.summary);
    expect(prompt).toContain(persona.callbackNumber);
    expect(prompt).toContain('press 0');
    expect(prompt).toContain('same menu three times');
    expect(prompt).toContain('without leaving a message');
    expect(prompt).toContain('Thanks so much, bye!');
  });
});

describe('callerPersonaFor', () => {
  it('is fictional, reserved-range and stable per seed', () => {
    const persona = callerPersonaFor('call-42');
    expect(persona).toEqual(callerPersonaFor('call-42'));
    expect(persona.callbackNumber).toMatch(/^\d{3}-555-01\d{2}$/);
    const numbers = new Set(Array.from({ length: 50 }, (_, index) => callerPersonaFor(`call-${index}`).callbackNumber));
    expect(numbers.size).toBeGreaterThan(20);
  });
});

/** The goal of a business of the given category. */
function callerGoalForCategory(key: string) {
  const goal = callerGoalFor(businessOfCategory(key));
  expect(goal.category).toBe(key);
  return goal;
}
