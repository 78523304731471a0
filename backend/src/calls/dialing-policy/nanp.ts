/** A number of the North American Numbering Plan: +1, area code (NPA), exchange (NXX), line. */
export interface NanpNumber {
  readonly areaCode: string;
  readonly exchange: string;
  readonly line: string;
}

/** The parts of an E.164 +1 number, or null when it is not one (area code and exchange start with 2–9). */
export function nanpParts(e164: string): NanpNumber | null {
  const match = /^\+1([2-9]\d{2})([2-9]\d{2})(\d{4})$/.exec(e164);
  return match ? { areaCode: match[1], exchange: match[2], line: match[3] } : null;
}

/** 211 to 911: community, directory, relay and emergency services; never an area code or exchange of a business. */
export const isN11 = (code: string): boolean => /^[2-9]11$/.test(code);

/** The 900 area code and the 976 exchange bill the caller a premium; 976 is no area code either. */
export const isPremiumRate = ({ areaCode, exchange }: NanpNumber): boolean =>
  areaCode === '900' || areaCode === '976' || exchange === '976';

/** 555-0100 to 555-0199 are reserved for fiction in every area code (the sandbox directory lives there). */
export const isFictional = ({ exchange, line }: NanpNumber): boolean => exchange === '555' && line.startsWith('01');
