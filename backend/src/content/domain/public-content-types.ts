/** The document types anyone may read (spec section 6: content reads are public); every other type stays private. */
export const PUBLIC_CONTENT_TYPES = ['faq', 'pricing', 'comparison'] as const;

export type PublicContentType = (typeof PUBLIC_CONTENT_TYPES)[number];

export function isPublicContentType(type: string): type is PublicContentType {
  return (PUBLIC_CONTENT_TYPES as readonly string[]).includes(type);
}

/** Sanity keeps unpublished edits as `drafts.<id>` (and release versions as `versions.<release>.<id>`): never public. */
export function isPublishedId(id: string): boolean {
  return !id.startsWith('drafts.') && !id.startsWith('versions.');
}
