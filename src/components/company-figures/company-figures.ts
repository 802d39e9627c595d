/** docs/product.md#marketing-figures, shown by the home and about pages (each in its own words and layout). */
export const FIGURES = [
  { key: 'events', value: 100, about: true },
  { key: 'countries', value: 10, suffix: '+' },
  { key: 'clients', value: 730, suffix: '+' },
  { key: 'attendees', value: 77000, suffix: '+' },
] as const

/** The year the company was founded (docs/product.md#product). */
export const FOUNDED = 2019
