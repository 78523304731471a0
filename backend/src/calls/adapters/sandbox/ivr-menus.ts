import type { BusinessCategory, DeskFamily } from '../voice-agent/business-category';
import type { SeededRandom } from '../../../infrastructure/random';

/** What pressing an option does. */
export type IvrRoute =
  /** Put through to the department a caller with this category's usual need wants. */
  | 'target'
  /** Put through to another department (its mailbox). */
  | 'other'
  /** Plays the opening hours, then the menu again. */
  | 'hours';

export interface IvrMenuOption {
  digit: string;
  /** As the menu reads it: 'to schedule service or a repair'. */
  label: string;
  department: string;
  route: IvrRoute;
}

type OptionSeed = Omit<IvrMenuOption, 'digit'>;

const TARGETS: Record<string, OptionSeed> = {
  pizza: { label: 'to place an order for pickup or delivery', department: 'Orders', route: 'target' },
  mexican: { label: 'for reservations', department: 'Reservations', route: 'target' },
  restaurant: { label: 'for reservations', department: 'Reservations', route: 'target' },
  coffee: { label: 'to place a large or catering order', department: 'Catering', route: 'target' },
  bakery: { label: 'to order a custom cake', department: 'Orders', route: 'target' },
  florist: { label: 'to place an order for delivery', department: 'Orders', route: 'target' },
  gym: { label: 'for membership information or to book a tour', department: 'Membership', route: 'target' },
  daycare: { label: 'for enrollment and tours', department: 'Enrollment', route: 'target' },
  dry_cleaner: { label: 'for cleaning orders and pickup', department: 'Customer service', route: 'target' },
  car_wash: { label: 'for detailing appointments', department: 'Detailing', route: 'target' },
  pharmacy: { label: 'for the pharmacy, including prescription transfers', department: 'Pharmacy', route: 'target' },
  locksmith: { label: 'for lockouts and emergency service', department: 'Dispatch', route: 'target' },
  roofing: { label: 'for a free estimate or to schedule a repair', department: 'Scheduling', route: 'target' },
  painter: { label: 'for a free estimate', department: 'Estimates', route: 'target' },
  contractor: { label: 'for a free estimate on a new project', department: 'Estimates', route: 'target' },
  landscaping: { label: 'for a free quote or new service', department: 'Scheduling', route: 'target' },
  moving: { label: 'for a moving quote or to book a move', department: 'Sales', route: 'target' },
  insurance: { label: 'for a new auto or home quote', department: 'Sales', route: 'target' },
  real_estate: { label: "if you're thinking of selling or want to speak with an agent", department: 'Listings', route: 'target' },
  accounting: { label: "if you're a new client or need help with taxes", department: 'New clients', route: 'target' },
  law_firm: { label: 'if you are a new client or would like a consultation', department: 'New clients', route: 'target' },
};

const FAMILY_TARGETS: Record<DeskFamily, OptionSeed> = {
  dispatch: { label: 'to schedule service or a repair', department: 'Scheduling', route: 'target' },
  appointment: { label: 'to schedule an appointment or if you are a new patient', department: 'Scheduling', route: 'target' },
  restaurant: { label: 'to place an order', department: 'Orders', route: 'target' },
  office: { label: 'if you are a new client', department: 'New clients', route: 'target' },
  shop: { label: 'to speak with our staff', department: 'Front desk', route: 'target' },
  generic: { label: 'for new customers and sales', department: 'Sales', route: 'target' },
};

const OTHERS: Record<DeskFamily, OptionSeed[]> = {
  dispatch: [
    { label: 'for billing questions', department: 'Billing', route: 'other' },
    { label: 'for our hours', department: '', route: 'hours' },
    { label: 'for employment opportunities', department: 'Hiring', route: 'other' },
  ],
  appointment: [
    { label: 'for billing and insurance', department: 'Billing', route: 'other' },
    { label: 'for our hours and location', department: '', route: 'hours' },
    { label: 'to cancel a visit', department: 'Front office', route: 'other' },
  ],
  restaurant: [
    { label: 'for our hours and location', department: '', route: 'hours' },
    { label: 'for private events', department: 'Events', route: 'other' },
    { label: 'for gift cards', department: 'Gift cards', route: 'other' },
  ],
  office: [
    { label: 'if you are an existing client', department: 'Client services', route: 'other' },
    { label: 'for billing', department: 'Billing', route: 'other' },
    { label: 'for our office hours', department: '', route: 'hours' },
  ],
  shop: [
    { label: 'for store hours', department: '', route: 'hours' },
    { label: 'for billing questions', department: 'Billing', route: 'other' },
    { label: 'for employment opportunities', department: 'Hiring', route: 'other' },
  ],
  generic: [
    { label: 'for customer service', department: 'Customer service', route: 'other' },
    { label: 'for billing', department: 'Billing', route: 'other' },
    { label: 'for our hours', department: '', route: 'hours' },
  ],
};

/** The numbered options of a business's main menu: its category's target plus others, in a fixed order for the place. */
export function ivrMenuFor(category: BusinessCategory, optionCount: number, random: SeededRandom): IvrMenuOption[] {
  const target = TARGETS[category.key] ?? FAMILY_TARGETS[category.family];
  const others = OTHERS[category.family].slice(0, Math.max(1, optionCount - 1));
  const seeds = [...others];
  seeds.splice(random.int(0, seeds.length), 0, target);
  return seeds.map((seed, index) => ({ ...seed, digit: String(index + 1) }));
}
