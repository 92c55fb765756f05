/** The domains facts are filed under; topic-shift detection uses the same classifier. */
export const DOMAINS = ['work', 'preferences', 'decisions', 'personal', 'projects'] as const;
export type Domain = (typeof DOMAINS)[number];
