/** UTM parameters by the names Segment gives them in `context.campaign`. */
const UTM_FIELDS: Array<[parameter: string, field: string]> = [
  ['utm_source', 'source'],
  ['utm_medium', 'medium'],
  ['utm_campaign', 'name'],
  ['utm_term', 'term'],
  ['utm_content', 'content'],
];

const MAX_VALUE_LENGTH = 200;

/** The campaign a landing URL's UTM parameters name; empty when it has none. */
export function campaignOf(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const campaign: Record<string, string> = {};
  for (const [parameter, field] of UTM_FIELDS) {
    const value = params.get(parameter)?.trim();
    if (value) campaign[field] = value.slice(0, MAX_VALUE_LENGTH);
  }
  return campaign;
}
