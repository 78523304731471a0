import type { DirectoryCategory } from './directory-data-set';
import type { HoursProfileKey } from './hours-profiles';

/**
 * A category as the generator knows it. Name templates use {first}, {last}, {last2}, {hood}, {city},
 * {adj} and {trade}; `signatureNames` are one-off names used as they are.
 */
export interface CategorySeed extends DirectoryCategory {
  /** Relative share of the businesses of a city. */
  weight: number;
  trades: string[];
  templates: (readonly [string, number])[];
  signatureNames: string[];
  hours: (readonly [HoursProfileKey, number])[];
  /** Share of businesses with a suite or unit number in the address. */
  suiteShare: number;
}

const POI = ['point_of_interest', 'establishment'];

const TRADE_TEMPLATES: (readonly [string, number])[] = [
  ["{first}'s {trade}", 3],
  ['{last} & Sons {trade}', 1],
  ['{last} {trade}', 2],
  ['{hood} {trade}', 2],
  ['{city} {trade}', 1],
  ['{adj} {trade}', 3],
  ['{last} Brothers {trade}', 1],
];

const SHOP_TEMPLATES: (readonly [string, number])[] = [
  ["{first}'s {trade}", 3],
  ['{hood} {trade}', 3],
  ['{adj} {trade}', 2],
  ['{city} {trade}', 1],
  ['{last} {trade}', 1],
];

const CLINIC_TEMPLATES: (readonly [string, number])[] = [
  ['{hood} {trade}', 3],
  ['{last} {trade}', 2],
  ['{adj} {trade}', 2],
  ['{city} {trade}', 1],
  ['{last} & {last2} {trade}', 1],
];

const OFFICE_TEMPLATES: (readonly [string, number])[] = [
  ['{last} {trade}', 3],
  ['{last} & {last2} {trade}', 2],
  ['{adj} {trade}', 1],
  ['{city} {trade}', 1],
  ['{hood} {trade}', 1],
];

export const BUSINESS_CATEGORIES: CategorySeed[] = [
  {
    key: 'plumber', label: 'Plumber', types: ['plumber', ...POI], weight: 5,
    words: ['plumber', 'plumbers', 'plumbing', 'pipes', 'drain', 'drains', 'leak', 'water heater', 'sewer', 'rooter'],
    trades: ['Plumbing', 'Plumbing & Drain', 'Plumbing Services', 'Plumbing Co.', 'Rooter & Plumbing', 'Plumbing & Heating'],
    templates: TRADE_TEMPLATES, signatureNames: ['Drain Pros', 'Pipe Dreams Plumbing', 'Flow Right Plumbing'],
    hours: [['trades', 4], ['always', 2], ['office-long', 2], ['trades-weekday', 2]], suiteShare: 0,
  },
  {
    key: 'electrician', label: 'Electrician', types: ['electrician', ...POI], weight: 4,
    words: ['electrician', 'electricians', 'electric', 'electrical', 'wiring', 'lighting', 'electrical panel'],
    trades: ['Electric', 'Electrical Services', 'Electric Co.', 'Electrical Contractors', 'Wiring & Lighting'],
    templates: TRADE_TEMPLATES, signatureNames: ['Bright Spark Electric', 'Live Wire Electrical', 'Current Electric Co.'],
    hours: [['trades', 4], ['trades-weekday', 3], ['always', 1]], suiteShare: 0,
  },
  {
    key: 'dentist', label: 'Dentist', types: ['dentist', 'health', ...POI], weight: 4,
    words: ['dentist', 'dentists', 'dental', 'dentistry', 'teeth', 'tooth', 'orthodontist', 'orthodontics', 'dental clinic'],
    trades: ['Dental Care', 'Family Dentistry', 'Dental Group', 'Dental Studio', 'Dental', 'Smiles'],
    templates: CLINIC_TEMPLATES, signatureNames: ['Bright Smile Dental', 'Gentle Touch Dentistry', 'Smile Design Studio'],
    hours: [['dental', 5], ['medical', 2], ['clinic-late', 2]], suiteShare: 0.5,
  },
  {
    key: 'hvac', label: 'HVAC contractor', types: ['general_contractor', ...POI], weight: 4,
    words: ['hvac', 'heating', 'cooling', 'air conditioning', 'ac repair', 'furnace', 'heat pump', 'ac'],
    trades: ['Heating & Air', 'Heating & Cooling', 'Air Conditioning', 'HVAC', 'Comfort Systems', 'Mechanical'],
    templates: TRADE_TEMPLATES, signatureNames: ['Cool Breeze HVAC', 'Arctic Air Conditioning', 'Four Seasons Heating & Air'],
    hours: [['trades', 4], ['always', 2], ['office-sat', 2]], suiteShare: 0,
  },
  {
    key: 'locksmith', label: 'Locksmith', types: ['locksmith', ...POI], weight: 3,
    words: ['locksmith', 'locksmiths', 'lock', 'locks', 'lockout', 'keys', 'rekey', 'lock and key'],
    trades: ['Locksmith', 'Lock & Key', 'Locksmith Services', 'Lock & Safe'],
    templates: TRADE_TEMPLATES, signatureNames: ['Quick Key Locksmith', 'Key Masters Locksmith', 'Lock Doctor Pros'],
    hours: [['always', 5], ['trades', 2], ['retail', 1]], suiteShare: 0,
  },
  {
    key: 'roofing', label: 'Roofing contractor', types: ['roofing_contractor', 'general_contractor', ...POI], weight: 3,
    words: ['roofing', 'roofer', 'roofers', 'roof', 'roofs', 'gutters', 'shingles', 'roof repair'],
    trades: ['Roofing', 'Roofing & Gutters', 'Roofing Co.', 'Roofing Contractors', 'Roof Repair'],
    templates: TRADE_TEMPLATES, signatureNames: ['Top Notch Roofing', 'Peak Roofing & Gutters', 'Shingle Masters'],
    hours: [['trades', 3], ['trades-weekday', 3], ['office-long', 1]], suiteShare: 0,
  },
  {
    key: 'auto_repair', label: 'Auto repair shop', types: ['car_repair', ...POI], weight: 4,
    words: ['auto repair', 'car repair', 'mechanic', 'mechanics', 'auto', 'garage', 'brakes', 'transmission', 'oil change', 'automotive', 'tires'],
    trades: ['Auto Repair', 'Automotive', 'Auto Service', 'Garage', 'Auto Care', 'Tire & Auto'],
    templates: TRADE_TEMPLATES, signatureNames: ['Precision Auto Works', 'Wrench Masters Garage', 'Pit Stop Auto Repair'],
    hours: [['trades', 4], ['office-sat', 3], ['retail-closed-sunday', 2]], suiteShare: 0,
  },
  {
    key: 'pizza', label: 'Pizza restaurant', types: ['pizza_restaurant', 'restaurant', 'food', ...POI], weight: 4,
    words: ['pizza', 'pizzas', 'pizzeria', 'pizzerias', 'pizza place', 'slice', 'restaurant', 'restaurants'],
    trades: ['Pizza', 'Pizzeria', 'Pizza Co.', 'Pizza Kitchen', 'Brick Oven Pizza'],
    templates: [["{first}'s {trade}", 4], ['{hood} {trade}', 2], ['{adj} {trade}', 2], ['{city} {trade}', 1], ['{last} {trade}', 1]],
    signatureNames: ['Pizza Palace', 'Slice House', 'Crust & Co.', 'Pie Society', 'The Pizza Joint', 'Pizza Corner', 'Dough Bros Pizza'],
    hours: [['restaurant', 4], ['restaurant-late', 3], ['split', 1], ['lunch-only', 1]], suiteShare: 0,
  },
  {
    key: 'mexican', label: 'Mexican restaurant', types: ['mexican_restaurant', 'restaurant', 'food', ...POI], weight: 3,
    words: ['mexican', 'mexican food', 'tacos', 'taco', 'taqueria', 'burritos', 'burrito', 'tex mex', 'cantina', 'restaurant', 'restaurants'],
    trades: ['Taqueria', 'Mexican Grill', 'Cantina', 'Tacos', 'Mexican Kitchen'],
    templates: [["{first}'s {trade}", 3], ['{hood} {trade}', 2], ['{adj} {trade}', 1]],
    signatureNames: ['El Camino Cantina', 'La Palma Taqueria', 'Casa Sol', 'Los Amigos Mexican Grill', 'Tres Hermanos Taqueria'],
    hours: [['restaurant', 4], ['restaurant-late', 2], ['lunch-only', 1], ['split', 1]], suiteShare: 0,
  },
  {
    key: 'coffee', label: 'Coffee shop', types: ['coffee_shop', 'cafe', 'food', 'store', ...POI], weight: 3,
    words: ['coffee', 'coffee shop', 'cafe', 'espresso', 'latte', 'coffeehouse'],
    trades: ['Coffee', 'Coffee Co.', 'Coffee House', 'Café', 'Espresso Bar', 'Roasters'],
    templates: SHOP_TEMPLATES, signatureNames: ['The Daily Grind', 'Common Grounds Coffee', 'Bean There Café'],
    hours: [['coffee', 5], ['bakery', 1]], suiteShare: 0,
  },
  {
    key: 'bakery', label: 'Bakery', types: ['bakery', 'food', 'store', ...POI], weight: 3,
    words: ['bakery', 'bakeries', 'baker', 'bakers', 'bread', 'cakes', 'cake', 'pastry', 'pastries', 'cupcakes', 'donuts'],
    trades: ['Bakery', 'Bake Shop', 'Bakehouse', 'Bread Co.', 'Pastry Shop', 'Cake Shop'],
    templates: SHOP_TEMPLATES, signatureNames: ['Rise & Shine Bakery', 'Sweet Crumb Bakehouse', 'Flour Power Bakery'],
    hours: [['bakery', 4], ['coffee', 2], ['retail', 1]], suiteShare: 0,
  },
  {
    key: 'hair_salon', label: 'Hair salon', types: ['hair_salon', 'hair_care', 'beauty_salon', ...POI], weight: 3,
    words: ['hair salon', 'salon', 'salons', 'hair', 'haircut', 'hairstylist', 'stylist', 'blowout'],
    trades: ['Salon', 'Hair Studio', 'Hair Salon', 'Salon & Spa', 'Hair Co.', 'Hair Lounge'],
    templates: SHOP_TEMPLATES, signatureNames: ['Shear Perfection', 'The Mane Event', 'Curl Up & Dye Salon'],
    hours: [['salon', 5], ['barber', 2]], suiteShare: 0.2,
  },
  {
    key: 'barber', label: 'Barber shop', types: ['barber_shop', 'hair_care', ...POI], weight: 2,
    words: ['barber', 'barbers', 'barbershop', 'barber shop', 'haircut', 'shave', 'fade'],
    trades: ['Barbershop', 'Barber Shop', 'Barbers', 'Cuts', 'Barber Co.'],
    templates: SHOP_TEMPLATES, signatureNames: ['Sharp Edge Barbers', 'Clean Cut Barbershop', 'The Gentlemen’s Chair'],
    hours: [['barber', 5], ['salon', 2]], suiteShare: 0,
  },
  {
    key: 'nail_salon', label: 'Nail salon', types: ['nail_salon', 'beauty_salon', ...POI], weight: 2,
    words: ['nail salon', 'nails', 'nail', 'manicure', 'pedicure', 'mani pedi'],
    trades: ['Nails', 'Nail Salon', 'Nail Spa', 'Nail Bar', 'Nail Studio'],
    templates: SHOP_TEMPLATES, signatureNames: ['Polished Nail Bar', 'Lacquer Lounge', 'Tip Top Nails'],
    hours: [['retail', 4], ['salon', 2]], suiteShare: 0.2,
  },
  {
    key: 'veterinarian', label: 'Veterinarian', types: ['veterinary_care', ...POI], weight: 3,
    words: ['vet', 'vets', 'veterinarian', 'veterinary', 'animal hospital', 'animal clinic', 'pet clinic', 'pet', 'pets'],
    trades: ['Animal Hospital', 'Veterinary Clinic', 'Pet Clinic', 'Veterinary Hospital', 'Animal Clinic', 'Vet Care'],
    templates: CLINIC_TEMPLATES, signatureNames: ['Paws & Claws Animal Hospital', 'Happy Tails Veterinary', 'Whiskers Pet Clinic'],
    hours: [['vet', 5], ['always', 1], ['medical', 1]], suiteShare: 0,
  },
  {
    key: 'law_firm', label: 'Law firm', types: ['lawyer', ...POI], weight: 3,
    words: ['lawyer', 'lawyers', 'attorney', 'attorneys', 'law', 'law firm', 'legal', 'law office', 'counsel'],
    trades: ['Law Group', 'Law Firm', 'Law Offices', 'Legal', 'Attorneys at Law', 'LLP'],
    templates: [['{last} & {last2} {trade}', 3], ['{last} {trade}', 2], ['Law Office of {first} {last}', 2], ['{last} & Associates', 2], ['{city} {trade}', 1]],
    signatureNames: ['Justice Legal Group', 'Advocate Law Partners'],
    hours: [['office', 6], ['office-long', 2]], suiteShare: 0.7,
  },
  {
    key: 'accounting', label: 'Accounting firm', types: ['accounting', 'finance', ...POI], weight: 3,
    words: ['accountant', 'accountants', 'accounting', 'cpa', 'cpas', 'tax', 'taxes', 'tax preparation', 'bookkeeping', 'bookkeeper'],
    trades: ['Accounting', 'CPAs', 'Tax & Accounting', 'Bookkeeping', 'Tax Services', 'Accounting Group'],
    templates: OFFICE_TEMPLATES, signatureNames: ['Ledger & Line CPAs', 'Balanced Books Accounting', 'TaxPro Partners'],
    hours: [['office', 5], ['office-sat', 2]], suiteShare: 0.7,
  },
  {
    key: 'cleaning', label: 'Cleaning service', types: ['house_cleaning_service', ...POI], weight: 3,
    words: ['cleaning', 'cleaning service', 'house cleaning', 'cleaners', 'cleaner', 'maid', 'maids', 'janitorial', 'housekeeping'],
    trades: ['Cleaning', 'Cleaning Services', 'Maids', 'Cleaning Co.', 'Janitorial', 'Home Cleaning'],
    templates: TRADE_TEMPLATES, signatureNames: ['Spotless Cleaning Co.', 'Sparkle & Shine Maids', 'Fresh Start Cleaning'],
    hours: [['office-sat', 3], ['trades', 2], ['office-long', 2]], suiteShare: 0.2,
  },
  {
    key: 'pest_control', label: 'Pest control service', types: ['pest_control_service', ...POI], weight: 2,
    words: ['pest control', 'pest', 'pests', 'exterminator', 'exterminators', 'termite', 'termites', 'bed bugs', 'rodent control'],
    trades: ['Pest Control', 'Exterminating', 'Termite & Pest', 'Pest Solutions', 'Pest Management'],
    templates: TRADE_TEMPLATES, signatureNames: ['Bug Busters Pest Control', 'Critter Guard Pros', 'No More Pests'],
    hours: [['trades', 3], ['office-sat', 2], ['trades-weekday', 2]], suiteShare: 0,
  },
  {
    key: 'landscaping', label: 'Landscaper', types: ['landscaper', ...POI], weight: 3,
    words: ['landscaping', 'landscaper', 'landscapers', 'lawn', 'lawn care', 'yard', 'gardening', 'gardener', 'tree service', 'mowing'],
    trades: ['Landscaping', 'Lawn Care', 'Landscape Design', 'Lawn & Garden', 'Tree Service', 'Outdoor Services'],
    templates: TRADE_TEMPLATES, signatureNames: ['Green Thumb Landscaping', 'Evergreen Lawn Care', 'Cut Above Lawn Service'],
    hours: [['trades', 3], ['trades-weekday', 3], ['moving', 1]], suiteShare: 0,
  },
  {
    key: 'moving', label: 'Moving company', types: ['moving_company', ...POI], weight: 2,
    words: ['movers', 'mover', 'moving', 'moving company', 'relocation', 'storage'],
    trades: ['Moving', 'Movers', 'Moving & Storage', 'Moving Co.', 'Relocation Services'],
    templates: TRADE_TEMPLATES, signatureNames: ['Easy Haul Movers', 'Smooth Move Relocation', 'Heavy Lifters Moving'],
    hours: [['moving', 4], ['office-sat', 2], ['retail', 1]], suiteShare: 0,
  },
  {
    key: 'chiropractor', label: 'Chiropractor', types: ['chiropractor', 'health', ...POI], weight: 2,
    words: ['chiropractor', 'chiropractors', 'chiropractic', 'chiro', 'back pain', 'spine', 'adjustment'],
    trades: ['Chiropractic', 'Chiropractic Center', 'Spine & Wellness', 'Chiropractic & Wellness', 'Back Clinic'],
    templates: CLINIC_TEMPLATES, signatureNames: ['Align Chiropractic', 'Backbone Spine Center', 'Straight Line Chiropractic'],
    hours: [['clinic-late', 4], ['medical', 2], ['dental', 1]], suiteShare: 0.5,
  },
  {
    key: 'physical_therapy', label: 'Physical therapy clinic', types: ['physiotherapist', 'health', ...POI], weight: 2,
    words: ['physical therapy', 'physical therapist', 'physiotherapy', 'physiotherapist', 'physio', 'pt', 'rehab', 'rehabilitation', 'sports medicine'],
    trades: ['Physical Therapy', 'PT', 'Rehab & Physical Therapy', 'Sports Rehab', 'Physiotherapy', 'Movement Clinic'],
    templates: CLINIC_TEMPLATES, signatureNames: ['Motion Physical Therapy', 'Stride Rehab', 'Core Strength PT'],
    hours: [['medical', 3], ['clinic-late', 3]], suiteShare: 0.5,
  },
  {
    key: 'real_estate', label: 'Real estate agency', types: ['real_estate_agency', ...POI], weight: 3,
    words: ['real estate', 'real estate agent', 'real estate agency', 'realtor', 'realtors', 'realty', 'homes', 'broker', 'property'],
    trades: ['Realty', 'Real Estate', 'Properties', 'Homes', 'Real Estate Group', 'Realty Partners'],
    templates: OFFICE_TEMPLATES, signatureNames: ['Keystone Realty', 'Open Door Real Estate', 'Hearth & Home Realty'],
    hours: [['realestate', 5], ['office', 2]], suiteShare: 0.5,
  },
  {
    key: 'insurance', label: 'Insurance agency', types: ['insurance_agency', ...POI], weight: 3,
    words: ['insurance', 'insurance agent', 'insurance agency', 'insurer', 'auto insurance', 'home insurance', 'life insurance'],
    trades: ['Insurance', 'Insurance Agency', 'Insurance Group', 'Insurance Services', 'Insurance Partners'],
    templates: OFFICE_TEMPLATES, signatureNames: ['Shield Insurance Group', 'Safe Harbor Insurance', 'Umbrella Insurance Partners'],
    hours: [['office', 5], ['office-sat', 2]], suiteShare: 0.6,
  },
  {
    key: 'florist', label: 'Florist', types: ['florist', 'store', ...POI], weight: 2,
    words: ['florist', 'florists', 'flowers', 'flower', 'floral', 'bouquet', 'bouquets', 'flower shop'],
    trades: ['Florist', 'Flowers', 'Floral', 'Flower Shop', 'Floral Design', 'Blooms'],
    templates: SHOP_TEMPLATES, signatureNames: ['Petal Pushers', 'In Full Bloom Florist', 'Stems & Co.'],
    hours: [['retail-closed-sunday', 3], ['retail', 3]], suiteShare: 0,
  },
  {
    key: 'gym', label: 'Gym', types: ['gym', 'fitness_center', 'health', ...POI], weight: 3,
    words: ['gym', 'gyms', 'fitness', 'fitness center', 'workout', 'crossfit', 'personal training', 'health club'],
    trades: ['Fitness', 'Gym', 'Athletic Club', 'Strength & Conditioning', 'Fitness Center', 'Training'],
    templates: SHOP_TEMPLATES, signatureNames: ['Iron Temple Gym', 'Pulse Fitness', 'Forge Strength Club'],
    hours: [['gym', 5], ['always', 2]], suiteShare: 0.1,
  },
  {
    key: 'daycare', label: 'Daycare', types: ['child_care_agency', 'preschool', ...POI], weight: 2,
    words: ['daycare', 'day care', 'child care', 'childcare', 'preschool', 'nursery', 'early learning'],
    trades: ['Daycare', 'Child Care', 'Learning Center', 'Early Learning', 'Kids Academy', 'Preschool'],
    templates: SHOP_TEMPLATES, signatureNames: ['Little Sprouts Learning Center', 'Tiny Steps Daycare', 'Busy Bees Child Care'],
    hours: [['daycare', 6]], suiteShare: 0,
  },
  {
    key: 'dry_cleaner', label: 'Dry cleaner', types: ['laundry', ...POI], weight: 2,
    words: ['dry cleaner', 'dry cleaners', 'dry cleaning', 'laundry', 'alterations', 'cleaners', 'wash and fold'],
    trades: ['Dry Cleaners', 'Cleaners', 'Dry Cleaning', 'Laundry & Dry Cleaning', 'Tailors & Cleaners'],
    templates: SHOP_TEMPLATES, signatureNames: ['Press & Go Cleaners', 'Spotless Dry Cleaning', 'Crisp Collar Cleaners'],
    hours: [['dry-cleaner', 5], ['retail-closed-sunday', 2]], suiteShare: 0,
  },
  {
    key: 'car_wash', label: 'Car wash', types: ['car_wash', ...POI], weight: 2,
    words: ['car wash', 'carwash', 'auto detailing', 'detailing', 'car detailing'],
    trades: ['Car Wash', 'Auto Spa', 'Express Wash', 'Detailing', 'Auto Wash'],
    templates: SHOP_TEMPLATES, signatureNames: ['Splash & Dash Car Wash', 'Shine Time Auto Spa', 'Bubble Bath Car Wash'],
    hours: [['car-wash', 5], ['always', 1]], suiteShare: 0,
  },
  {
    key: 'pharmacy', label: 'Pharmacy', types: ['pharmacy', 'drugstore', 'health', 'store', ...POI], weight: 2,
    words: ['pharmacy', 'pharmacies', 'drugstore', 'drug store', 'chemist', 'prescriptions', 'rx'],
    trades: ['Pharmacy', 'Drugs', 'Apothecary', 'Drug Store', 'Rx'],
    templates: SHOP_TEMPLATES, signatureNames: ['Corner Drug Store', 'Main Street Apothecary', 'Care Plus Pharmacy'],
    hours: [['pharmacy', 5], ['always', 1]], suiteShare: 0,
  },
  {
    key: 'painter', label: 'Painter', types: ['painter', ...POI], weight: 2,
    words: ['painter', 'painters', 'painting', 'house painting', 'house painter', 'paint', 'drywall'],
    trades: ['Painting', 'Painters', 'Painting Co.', 'Paint & Drywall', 'Painting Contractors'],
    templates: TRADE_TEMPLATES, signatureNames: ['Fresh Coat Painters', 'Brush Strokes Painting', 'True Color Painting'],
    hours: [['trades-weekday', 4], ['trades', 2]], suiteShare: 0,
  },
];
