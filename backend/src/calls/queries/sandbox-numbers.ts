import { Inject, Injectable } from '@nestjs/common';
import type { CalledBusinessData } from '@ringcheck/projections';
import { EmbeddedDirectory } from '../../discovery/adapters';
import { BUSINESS_DIRECTORY, type BusinessDirectory } from '../../discovery/ports/business-directory';
import { DEMO_BUSINESS, DEMO_BUSINESS_NUMBER } from '../domain/call-defaults';

/**
 * The numbers the sandbox phone network reaches: every business of the bundled directory, and the
 * demo business. Used by the phone-only test call to find who answers a number.
 */
@Injectable()
export class SandboxNumbers {
  private embedded: EmbeddedDirectory | null;

  constructor(@Inject(BUSINESS_DIRECTORY) directory: BusinessDirectory) {
    this.embedded = directory instanceof EmbeddedDirectory ? directory : null;
  }

  async lookup(e164: string): Promise<CalledBusinessData | null> {
    if (e164 === DEMO_BUSINESS_NUMBER) return DEMO_BUSINESS;
    this.embedded ??= EmbeddedDirectory.fromFile();
    const place = this.embedded.findByPhone(e164);
    if (!place) return null;
    return {
      placeId: place.placeId,
      name: place.name,
      businessTypes: place.businessTypes,
      timeZone: place.timeZone,
      utcOffsetMinutes: place.utcOffsetMinutes,
      openingPeriods: place.openingPeriods,
    };
  }
}
