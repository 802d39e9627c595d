import type { FunctionTable } from './gateway.ts'

/**
 * The post-event survey's visitor side (docs/product.md#survey): the personal link's token is the only credential,
 * so both are `public` (rate-limited per address on the platform).
 */
export const SURVEY = {
  surveyForm: { endpoint: 'survey', route: 'survey$form', access: 'public' },
  submitSurvey: { endpoint: 'survey', route: 'survey$submit', access: 'public' },
} as const satisfies FunctionTable
