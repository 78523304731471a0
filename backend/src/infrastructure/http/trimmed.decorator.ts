import { Transform } from 'class-transformer';

/** A request field's text without surrounding spaces (anything that is not text is left to the checks). */
export const Trimmed = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
