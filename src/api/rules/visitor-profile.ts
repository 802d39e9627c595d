/**
 * Who a visitor is and what they do: asked of a ticket's attendee (SPEC §3 attendee) and of a user
 * application (SPEC §3 user application) alike, with labels in both namespaces.
 */

export const IDENTITIES = ['trader', 'broker', 'introducingBroker', 'fintech', 'institution', 'media', 'other'] as const
export type Identity = (typeof IDENTITIES)[number]

/** The visitor's line of business. */
export const INDUSTRIES = ['forex', 'securities', 'crypto', 'fintech', 'payments', 'banking', 'marketing', 'education', 'other'] as const
export type Industry = (typeof INDUSTRIES)[number]
