import type { CalledBusiness } from '../../ports/telephony';

const TYPES: Record<string, string[]> = {
  hvac: ['general_contractor'],
  contractor: ['general_contractor'],
  restaurant: ['restaurant', 'food'],
  roofing: ['roofing_contractor', 'general_contractor'],
  cleaning: ['house_cleaning_service'],
  pest_control: ['pest_control_service'],
  landscaping: ['landscaper'],
  moving: ['moving_company'],
  physical_therapy: ['physiotherapist'],
  veterinarian: ['veterinary_care'],
  barber: ['barber_shop'],
  auto_repair: ['car_repair'],
  pizza: ['pizza_restaurant', 'restaurant'],
  mexican: ['mexican_restaurant', 'restaurant'],
  coffee: ['coffee_shop', 'cafe'],
  law_firm: ['lawyer'],
  real_estate: ['real_estate_agency'],
  insurance: ['insurance_agency'],
  daycare: ['child_care_agency'],
  dry_cleaner: ['laundry'],
  generic: ['point_of_interest', 'establishment'],
};

/** A business of the given category key, as far as its name and Google types go. */
export function businessOfCategory(key: string): Pick<CalledBusiness, 'name' | 'businessTypes'> {
  return { name: key === 'hvac' ? 'Cool Air Heating & Cooling' : 'Test Co', businessTypes: TYPES[key] ?? [key, 'point_of_interest'] };
}
