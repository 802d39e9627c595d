/**
 * Who a visitor is and what they do: asked of a ticket's attendee (docs/product.md#application-data attendee) and of a user
 * application (docs/product.md#application-data user application) alike, with labels in both namespaces.
 */

export const IDENTITIES = ['trader', 'broker', 'introducingBroker', 'fintech', 'institution', 'media', 'other'] as const
export type Identity = (typeof IDENTITIES)[number]

/** The visitor's line of business. */
export const INDUSTRIES = ['forex', 'securities', 'crypto', 'fintech', 'payments', 'banking', 'marketing', 'education', 'other'] as const
export type Industry = (typeof INDUSTRIES)[number]
