type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  if (isObject(value)) return Object.values(value).flatMap(messagesOf);
  return [];
}

/** `{ field: ['msg', ...] }` or `{ field: 'msg' }` as "field: msg, msg; other: msg". */
function flattenFields(fields: Json): string | null {
  const parts = Object.entries(fields)
    .map(([field, value]) => {
      const messages = messagesOf(value);
      if (messages.length === 0) return null;
      const joined = messages.join(', ');
      return field === 'non_field_errors' ? joined : `${field}: ${joined}`;
    })
    .filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join('; ') : null;
}

function twilioDetail(body: Json): string | null {
  const twilio = body.twilio_error;
  if (isObject(twilio)) return text(twilio.detail) ?? text(twilio.message);
  return text(twilio);
}

/**
 * The message a user sees for a failed request (spec section 8): `user_message`, then `detail`
 * (also inside a `twilio_error`), then `error`, then the flattened field errors, else `API Error: {status}`.
 */
export function errorMessageFor(body: unknown, status: number): string {
  const fallback = `API Error: ${status}`;
  if (!isObject(body)) return fallback;
  const direct = text(body.user_message) ?? text(body.detail) ?? twilioDetail(body) ?? text(body.error);
  if (direct) return direct;
  if (isObject(body.error)) {
    const nested = text(body.error.message) ?? text(body.error.detail);
    if (nested) return nested;
  }
  if (isObject(body.fields)) return flattenFields(body.fields) ?? fallback;
  const reserved = new Set(['user_message', 'detail', 'error', 'twilio_error', 'status', 'status_code', 'code']);
  const fieldLike = Object.fromEntries(
    Object.entries(body).filter(([key, value]) => !reserved.has(key) && (Array.isArray(value) || typeof value === 'string')),
  );
  return flattenFields(fieldLike) ?? fallback;
}
