import { createBusinessDirectory } from './create-business-directory';
import { EmbeddedDirectory } from './embedded-directory/embedded-directory';
import { GooglePlacesDirectory } from './google-places/google-places-directory';

describe('createBusinessDirectory', () => {
  it('uses the bundled directory when no Google Places key is set', async () => {
    for (const googlePlacesApiKey of [undefined, '', '   ']) {
      const directory = createBusinessDirectory({ googlePlacesApiKey });
      expect(directory).toBeInstanceOf(EmbeddedDirectory);
      expect(directory.adapterName).toBe('embedded');
    }
    const places = await createBusinessDirectory({}).search({ businessName: 'Pizza Palace', location: 'New York, NY' });
    expect(places[0]?.name).toBe('Pizza Palace');
  });

  it('uses Google Places when a key is set', async () => {
    const directory = createBusinessDirectory({ googlePlacesApiKey: ' places-key ' });
    expect(directory).toBeInstanceOf(GooglePlacesDirectory);
    expect(directory.adapterName).toBe('google-places');
    expect(await directory.health()).toMatchObject({ adapter: 'google-places', state: 'up' });
  });
});
