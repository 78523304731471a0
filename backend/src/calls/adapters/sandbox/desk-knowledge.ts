import type { DeskFamily } from '../voice-agent/business-category';

/**
 * What a front desk of one category knows and says. `{later}` reads 'this afternoon' or
 * 'tomorrow morning' depending on the business's local time.
 */
export interface DeskKnowledge {
  availability: string;
  price: string;
  /** Said after the caller accepts and gives a name: the booking read back. */
  confirmation: string;
  /** A question about the caller's situation a good desk asks first. */
  qualifyingQuestion?: string;
  /** The offer made after giving availability; the family's default when absent. */
  offer?: string;
  /** A short word of sympathy or welcome before the first answer. */
  opener?: string;
}

const KNOWLEDGE: Record<string, DeskKnowledge> = {
  plumber: {
    opener: 'Oh no, sorry to hear that.',
    availability: 'We can have a tech out {later}, between two and four.',
    price: "The service call is $89, and that goes toward the repair if you go ahead with it.",
    confirmation: "you're on the schedule for {later} between two and four.",
    qualifyingQuestion: 'Were you able to shut the water off under the sink?',
  },
  electrician: {
    availability: 'We can get an electrician out to you on Thursday morning.',
    price: 'Our trip charge is $95, and the electrician quotes the repair on site.',
    confirmation: 'we have you down for Thursday morning.',
    qualifyingQuestion: 'Have you tried resetting the breaker?',
  },
  hvac: {
    opener: 'Oh, not fun in this weather.',
    availability: 'We can have a technician out {later}.',
    price: 'The diagnostic visit is $79, and that goes toward any repair.',
    confirmation: "you're booked for {later}.",
    qualifyingQuestion: 'How old is the system, roughly?',
  },
  locksmith: {
    availability: 'We can have someone there in about thirty minutes.',
    price: 'A standard lockout is $85.',
    confirmation: "the locksmith is on the way, about thirty minutes.",
    qualifyingQuestion: "What's the address there?",
    offer: 'Want me to send someone out?',
  },
  roofing: {
    availability: 'We can send an estimator out {later}.',
    price: 'The estimate is free, and most small repairs run three to six hundred dollars.',
    confirmation: 'the estimator will come by {later}.',
    qualifyingQuestion: 'Is any water coming inside?',
    offer: 'Would you like me to schedule the estimate?',
  },
  cleaning: {
    availability: 'We have openings next Tuesday and Thursday.',
    price: 'A standard cleaning for a two-bedroom is $140.',
    confirmation: "you're booked for next Tuesday.",
    qualifyingQuestion: 'How many bathrooms, and roughly how many square feet?',
  },
  pest_control: {
    availability: 'We can have a technician out on Wednesday.',
    price: 'A general pest treatment is $129, and it comes with a thirty-day guarantee.',
    confirmation: "you're on for Wednesday.",
    qualifyingQuestion: 'When did you first notice them?',
  },
  landscaping: {
    availability: 'We could start next week.',
    price: 'Weekly mowing for a regular lot usually runs about $45 a visit.',
    confirmation: "we'll start you next week.",
    qualifyingQuestion: 'About how big is the yard?',
    offer: 'Want me to put you on the route?',
  },
  moving: {
    availability: "We still have the thirtieth open, but it's filling up.",
    price: 'A one-bedroom local move usually runs around seven to nine hundred dollars with two movers.',
    confirmation: "we've got you down for the thirtieth.",
    qualifyingQuestion: 'How far are you moving, and are there stairs?',
    offer: 'Would you like me to hold the thirtieth for you?',
  },
  painter: {
    availability: 'We can come out for an estimate on Friday.',
    price: 'The estimate is free; two bedrooms usually run eight hundred to twelve hundred dollars.',
    confirmation: 'we have the estimate on Friday.',
    qualifyingQuestion: 'Are we doing ceilings and trim too?',
    offer: 'Want me to set up the estimate?',
  },
  contractor: {
    availability: 'We can come out for a walkthrough next week.',
    price: 'The estimate is free.',
    confirmation: "we're set for a walkthrough next week.",
    qualifyingQuestion: 'About how big is the bathroom?',
    offer: 'Want me to set up the walkthrough?',
  },
  dentist: {
    availability: 'We have an opening next Tuesday at ten AM.',
    price: 'A cleaning with x-rays is $150 without insurance.',
    confirmation: "you're all set for next Tuesday at ten AM.",
    qualifyingQuestion: 'Are you a new patient with us?',
    opener: "Sure, I'd be happy to help with that.",
  },
  chiropractor: {
    availability: 'We could see you tomorrow at four.',
    price: 'The first visit is $75, and that includes the exam.',
    confirmation: "you're booked for tomorrow at four.",
    qualifyingQuestion: 'Have you been in to see us before?',
    opener: 'Oh, sorry to hear about your back.',
  },
  physical_therapy: {
    availability: 'We can do an evaluation on Monday at nine.',
    price: 'A session is $120 without insurance.',
    confirmation: "you're set for Monday at nine.",
    qualifyingQuestion: 'Do you have a referral from your doctor?',
  },
  veterinarian: {
    availability: 'We have an opening this Thursday at two.',
    price: 'A wellness exam is $65, and vaccines are extra.',
    confirmation: 'we have you and your dog down for Thursday at two.',
    qualifyingQuestion: "What's your dog's name?",
  },
  hair_salon: {
    availability: 'We have Wednesday at three or Friday at eleven.',
    price: "A women's cut starts at $55.",
    confirmation: "you're booked for Wednesday at three.",
    qualifyingQuestion: 'Did you have a stylist preference?',
  },
  barber: {
    availability: 'We take walk-ins, but the wait is about forty minutes right now, or I can book you at five.',
    price: 'A regular haircut is $30.',
    confirmation: "we'll see you at five.",
    offer: 'Want me to put you down for five?',
  },
  nail_salon: {
    availability: 'We have Saturday at eleven.',
    price: 'A manicure and pedicure together is $65.',
    confirmation: "you're all set for Saturday at eleven.",
    qualifyingQuestion: 'Gel or regular polish?',
  },
  auto_repair: {
    availability: 'You can bring it in Wednesday morning.',
    price: 'The brake inspection is free, and pads usually run about $180 an axle.',
    confirmation: 'we have you down for Wednesday morning.',
    qualifyingQuestion: "What's the make and model?",
  },
  pizza: {
    availability: "Yes, we deliver there. It's running about forty-five minutes right now.",
    price: 'A large cheese is $16, and delivery is $3.',
    confirmation: 'your order is in.',
    offer: 'Would you like to place an order?',
  },
  mexican: {
    availability: 'We can do a table for four at seven.',
    price: 'Most entrees are fifteen to twenty dollars.',
    confirmation: 'you have a table for four at seven tonight.',
    qualifyingQuestion: 'Inside or on the patio?',
    offer: 'Would you like me to book that for you?',
  },
  restaurant: {
    availability: 'We can do a table for four at seven.',
    price: 'Most entrees are fifteen to twenty-five dollars.',
    confirmation: 'you have a table for four at seven tonight.',
    offer: 'Would you like me to book that for you?',
  },
  coffee: {
    availability: 'Sure, we can have it ready tomorrow at eight.',
    price: 'A coffee box serves about twelve, and they are $28 each.',
    confirmation: 'two coffee boxes will be ready tomorrow at eight.',
    qualifyingQuestion: 'Regular, decaf, or a mix?',
    offer: 'Want me to put the order in?',
  },
  bakery: {
    availability: 'We can have it ready Saturday morning.',
    price: 'A cake for twenty is about $60.',
    confirmation: 'your cake will be ready Saturday morning.',
    qualifyingQuestion: 'What flavor were you thinking?',
    offer: 'Want me to write up the order?',
  },
  law_firm: {
    availability: 'One of our attorneys could meet with you Thursday afternoon.',
    price: 'The first consultation is thirty minutes and it is free.',
    confirmation: "you're set for a consultation Thursday afternoon.",
    qualifyingQuestion: 'What kind of contract is it?',
    offer: 'Would you like me to schedule the consultation?',
  },
  accounting: {
    availability: 'We are taking new clients, and we could meet next Monday.',
    price: 'Small business returns usually start around $600.',
    confirmation: 'we have you down for next Monday.',
    qualifyingQuestion: 'What kind of business entity is it?',
    offer: 'Would you like me to set up the meeting?',
  },
  real_estate: {
    availability: 'One of our agents could call you this afternoon or meet you this week.',
    price: 'Commission depends on the listing, the agent will go over it with you.',
    confirmation: 'an agent will call you this week.',
    qualifyingQuestion: 'Where is the house?',
    offer: 'Want me to have an agent reach out?',
  },
  insurance: {
    availability: 'An agent can go over a quote with you today.',
    price: 'It depends on the car and your driving record, but many of our customers pay around $120 a month.',
    confirmation: 'an agent will call you today with your quote.',
    qualifyingQuestion: 'What kind of car is it?',
    offer: 'Would you like me to have an agent call you?',
  },
  florist: {
    availability: 'Yes, we deliver on Friday.',
    price: 'Bouquets start at $45, plus $12 for delivery.',
    confirmation: 'your bouquet will go out on Friday.',
    qualifyingQuestion: 'What is the occasion?',
    offer: 'Want me to set that up?',
  },
  gym: {
    availability: 'You can come in for a tour anytime this week.',
    price: 'Memberships are $39 a month, and there is no sign-up fee this month.',
    confirmation: "we'll see you for a tour this week.",
    qualifyingQuestion: 'What are you mostly interested in, weights or classes?',
    offer: 'Would you like to set up a tour?',
  },
  daycare: {
    availability: 'We have one spot opening up in our toddler room next month.',
    price: 'Full time is $310 a week.',
    confirmation: 'we have you down for a tour, and we will hold the spot for a week.',
    qualifyingQuestion: 'How old is your child?',
    offer: 'Would you like to come in for a tour?',
  },
  dry_cleaner: {
    availability: 'If you drop it off today, it will be ready Thursday.',
    price: 'A two-piece suit is $18.',
    confirmation: "we'll have it ready Thursday.",
    offer: 'Want me to put you down for a drop-off today?',
  },
  car_wash: {
    availability: 'You can just come in, a full detail takes about three hours.',
    price: 'A full detail is $180 for a sedan.',
    confirmation: 'we have you down for a full detail.',
    qualifyingQuestion: 'Is it a sedan or an SUV?',
    offer: 'Would you like to book a time anyway?',
  },
  pharmacy: {
    availability: 'A transfer usually takes a day, and we can have it ready tomorrow afternoon.',
    price: 'That depends on your insurance.',
    confirmation: "we'll start the transfer today.",
    qualifyingQuestion: 'Which pharmacy is it coming from?',
    offer: 'Want me to start the transfer?',
  },
  generic: {
    availability: 'We have availability this week.',
    price: 'It depends on what you need, but we are very competitive.',
    confirmation: "you're on the schedule for this week.",
  },
};

const DEFAULT_OFFERS: Record<DeskFamily, string> = {
  dispatch: 'Want me to put you on the schedule?',
  appointment: 'Would you like me to book that?',
  restaurant: 'Would you like me to set that up?',
  office: 'Would you like me to set that up?',
  shop: 'Want me to set that up?',
  generic: 'Would you like me to book that?',
};

const VAGUE_AVAILABILITY: Record<DeskFamily, string> = {
  dispatch: "I'm not sure what the schedule looks like, I'd have to check with the techs.",
  appointment: "Hmm, I'd have to check the book, it's pretty full this week.",
  restaurant: "I'm not sure, it's been busy, I'd have to check.",
  office: "I'm not sure when they're free, I'd have to check.",
  shop: "I'm not sure, I'd have to check on that.",
  generic: "I'm not sure, I'd have to check on that.",
};

const VAGUE_PRICE: Record<DeskFamily, string> = {
  dispatch: "I'd have to check on pricing, the tech goes over that when they get there.",
  appointment: "I'm not sure on the price, it depends, I'd have to check.",
  restaurant: "I'm not sure, I'd have to check the prices.",
  office: 'It depends on the situation, I really couldn’t say.',
  shop: "I'd have to check on the price.",
  generic: "I'd have to check on pricing.",
};

export function deskKnowledgeFor(category: string): DeskKnowledge {
  return KNOWLEDGE[category] ?? KNOWLEDGE.generic!;
}

export function bookingOfferFor(category: string, family: DeskFamily): string {
  return deskKnowledgeFor(category).offer ?? DEFAULT_OFFERS[family];
}

export function vagueAvailabilityFor(family: DeskFamily): string {
  return VAGUE_AVAILABILITY[family];
}

export function vaguePriceFor(family: DeskFamily): string {
  return VAGUE_PRICE[family];
}
