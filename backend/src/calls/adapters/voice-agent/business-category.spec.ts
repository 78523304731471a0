import { directoryBusinesses } from '../sandbox/directory-businesses.fixture';
import { allBusinessCategories, businessCategoryOf } from './business-category';

describe('businessCategoryOf', () => {
  it('reads the specific Google type first, whatever its position', () => {
    expect(businessCategoryOf({ name: 'Top Notch Roofing', businessTypes: ['roofing_contractor', 'general_contractor', 'point_of_interest'] }).key).toBe('roofing');
    expect(businessCategoryOf({ name: 'Slice House', businessTypes: ['restaurant', 'pizza_restaurant', 'food'] }).key).toBe('pizza');
  });

  it('tells a heating and air company from another general contractor by its name', () => {
    expect(businessCategoryOf({ name: 'Four Seasons Heating & Air', businessTypes: ['general_contractor', 'point_of_interest'] }).key).toBe('hvac');
    expect(businessCategoryOf({ name: 'Rivera Builders', businessTypes: ['general_contractor'] }).key).toBe('contractor');
  });

  it('falls back to broad types, then to generic', () => {
    expect(businessCategoryOf({ name: 'Chez Nous', businessTypes: ['restaurant', 'food'] }).key).toBe('restaurant');
    expect(businessCategoryOf({ name: 'Acme', businessTypes: ['point_of_interest', 'establishment'] })).toEqual({ key: 'generic', label: 'business', family: 'generic' });
  });

  it('gives every business of the bundled directory a known, non-generic category', () => {
    const keys = new Set(allBusinessCategories().map((category) => category.key));
    for (const business of directoryBusinesses()) {
      const category = businessCategoryOf(business);
      expect(keys.has(category.key)).toBe(true);
      expect(category.key).not.toBe('generic');
    }
  });
});
