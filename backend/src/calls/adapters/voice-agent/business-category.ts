import type { CalledBusiness } from '../../ports/telephony';

/** How a front desk of this kind works, which shapes its menus and the questions it asks. */
export type DeskFamily =
  /** Someone comes out: trades and home services. */
  | 'dispatch'
  /** The customer comes in at a set time: clinics, salons, garages. */
  | 'appointment'
  | 'restaurant'
  /** Professional offices with clients and consultations. */
  | 'office'
  /** Walk-in shops and services. */
  | 'shop'
  | 'generic';

export interface BusinessCategory {
  /** Same keys as the bundled directory's categories (plus 'restaurant', 'contractor', 'generic'). */
  key: string;
  label: string;
  family: DeskFamily;
}

const CATEGORIES: BusinessCategory[] = [
  { key: 'plumber', label: 'plumber', family: 'dispatch' },
  { key: 'electrician', label: 'electrician', family: 'dispatch' },
  { key: 'hvac', label: 'heating and air conditioning company', family: 'dispatch' },
  { key: 'locksmith', label: 'locksmith', family: 'dispatch' },
  { key: 'roofing', label: 'roofing contractor', family: 'dispatch' },
  { key: 'cleaning', label: 'cleaning service', family: 'dispatch' },
  { key: 'pest_control', label: 'pest control service', family: 'dispatch' },
  { key: 'landscaping', label: 'landscaper', family: 'dispatch' },
  { key: 'moving', label: 'moving company', family: 'dispatch' },
  { key: 'painter', label: 'painter', family: 'dispatch' },
  { key: 'contractor', label: 'general contractor', family: 'dispatch' },
  { key: 'dentist', label: 'dentist', family: 'appointment' },
  { key: 'chiropractor', label: 'chiropractor', family: 'appointment' },
  { key: 'physical_therapy', label: 'physical therapy clinic', family: 'appointment' },
  { key: 'veterinarian', label: 'veterinarian', family: 'appointment' },
  { key: 'hair_salon', label: 'hair salon', family: 'appointment' },
  { key: 'barber', label: 'barber shop', family: 'appointment' },
  { key: 'nail_salon', label: 'nail salon', family: 'appointment' },
  { key: 'auto_repair', label: 'auto repair shop', family: 'appointment' },
  { key: 'pizza', label: 'pizza restaurant', family: 'restaurant' },
  { key: 'mexican', label: 'Mexican restaurant', family: 'restaurant' },
  { key: 'restaurant', label: 'restaurant', family: 'restaurant' },
  { key: 'coffee', label: 'coffee shop', family: 'restaurant' },
  { key: 'bakery', label: 'bakery', family: 'restaurant' },
  { key: 'law_firm', label: 'law firm', family: 'office' },
  { key: 'accounting', label: 'accounting firm', family: 'office' },
  { key: 'real_estate', label: 'real estate agency', family: 'office' },
  { key: 'insurance', label: 'insurance agency', family: 'office' },
  { key: 'florist', label: 'florist', family: 'shop' },
  { key: 'gym', label: 'gym', family: 'shop' },
  { key: 'daycare', label: 'daycare', family: 'shop' },
  { key: 'dry_cleaner', label: 'dry cleaner', family: 'shop' },
  { key: 'car_wash', label: 'car wash', family: 'shop' },
  { key: 'pharmacy', label: 'pharmacy', family: 'shop' },
  { key: 'generic', label: 'business', family: 'generic' },
];

const BY_KEY = new Map(CATEGORIES.map((category) => [category.key, category]));

/** Google place type -> category key; the specific types a directory lists first. */
const SPECIFIC_TYPES: Record<string, string> = {
  plumber: 'plumber',
  electrician: 'electrician',
  locksmith: 'locksmith',
  roofing_contractor: 'roofing',
  house_cleaning_service: 'cleaning',
  pest_control_service: 'pest_control',
  landscaper: 'landscaping',
  moving_company: 'moving',
  painter: 'painter',
  dentist: 'dentist',
  dental_clinic: 'dentist',
  chiropractor: 'chiropractor',
  physiotherapist: 'physical_therapy',
  veterinary_care: 'veterinarian',
  hair_salon: 'hair_salon',
  barber_shop: 'barber',
  nail_salon: 'nail_salon',
  car_repair: 'auto_repair',
  pizza_restaurant: 'pizza',
  mexican_restaurant: 'mexican',
  coffee_shop: 'coffee',
  bakery: 'bakery',
  lawyer: 'law_firm',
  accounting: 'accounting',
  real_estate_agency: 'real_estate',
  insurance_agency: 'insurance',
  florist: 'florist',
  gym: 'gym',
  fitness_center: 'gym',
  child_care_agency: 'daycare',
  preschool: 'daycare',
  laundry: 'dry_cleaner',
  car_wash: 'car_wash',
  pharmacy: 'pharmacy',
  drugstore: 'pharmacy',
};

/** Broad types that only decide when nothing more specific is listed. */
const BROAD_TYPES: Record<string, string> = {
  restaurant: 'restaurant',
  meal_takeaway: 'restaurant',
  meal_delivery: 'restaurant',
  cafe: 'coffee',
  beauty_salon: 'hair_salon',
  hair_care: 'hair_salon',
  general_contractor: 'contractor',
};

const HVAC_NAME = /\b(hvac|heating|cooling|air|furnace|comfort|mechanical)\b/i;

/** The category of a business from its Google types (and its name, for general contractors). */
export function businessCategoryOf(business: Pick<CalledBusiness, 'businessTypes' | 'name'>): BusinessCategory {
  const specific = business.businessTypes.map((type) => SPECIFIC_TYPES[type]).find((key) => key !== undefined);
  if (specific) return BY_KEY.get(specific)!;
  const broad = business.businessTypes.map((type) => BROAD_TYPES[type]).find((key) => key !== undefined);
  if (broad === 'contractor' && HVAC_NAME.test(business.name)) return BY_KEY.get('hvac')!;
  return BY_KEY.get(broad ?? 'generic')!;
}

/** Every category the sandbox and the scripted caller know. */
export function allBusinessCategories(): readonly BusinessCategory[] {
  return CATEGORIES;
}
