/**
 * Weekly timetables in a small subset of the OpenStreetMap opening_hours syntax:
 * 'Mo-Fr 09:00-17:00; Sa 10:00-14:00', several ranges per day with commas, '24/7' for always open.
 * A closing time at or before the opening time runs past midnight into the next day.
 */
export const HOURS_PROFILES = {
  office: 'Mo-Fr 09:00-17:00',
  'office-long': 'Mo-Fr 08:00-18:00',
  'office-sat': 'Mo-Fr 08:30-17:30; Sa 09:00-13:00',
  trades: 'Mo-Fr 07:00-17:00; Sa 08:00-12:00',
  'trades-weekday': 'Mo-Fr 07:30-16:30',
  always: '24/7',
  dental: 'Mo-Th 08:00-17:00; Fr 08:00-14:00',
  medical: 'Mo-Fr 08:00-18:00; Sa 09:00-13:00',
  'clinic-late': 'Mo,We 10:00-19:00; Tu,Th 07:00-16:00; Fr 08:00-13:00',
  restaurant: 'Mo-Th 11:00-22:00; Fr-Sa 11:00-23:00; Su 12:00-21:00',
  'restaurant-late': 'Su-Th 11:00-00:00; Fr-Sa 11:00-02:00',
  'lunch-only': 'Mo-Fr 11:00-14:30',
  split: 'Tu-Su 11:30-14:30,17:00-22:00',
  retail: 'Mo-Sa 09:00-19:00; Su 10:00-17:00',
  'retail-closed-sunday': 'Mo-Fr 08:00-18:00; Sa 09:00-17:00',
  salon: 'Tu-Fr 09:00-19:00; Sa 08:00-17:00',
  barber: 'Mo-Fr 09:00-19:00; Sa 08:00-16:00; Su 10:00-15:00',
  gym: 'Mo-Fr 05:00-23:00; Sa-Su 07:00-20:00',
  daycare: 'Mo-Fr 06:30-18:30',
  bakery: 'Tu-Su 06:00-14:00',
  coffee: 'Mo-Fr 06:00-18:00; Sa-Su 07:00-17:00',
  'car-wash': 'Mo-Sa 08:00-19:00; Su 09:00-17:00',
  'dry-cleaner': 'Mo-Fr 07:00-19:00; Sa 08:00-17:00',
  vet: 'Mo-Fr 08:00-18:00; Sa 08:00-12:00',
  moving: 'Mo-Sa 08:00-18:00',
  realestate: 'Mo-Sa 09:00-18:00; Su 11:00-16:00',
  pharmacy: 'Mo-Fr 08:00-21:00; Sa 09:00-18:00; Su 10:00-17:00',
} as const;

export type HoursProfileKey = keyof typeof HOURS_PROFILES;
