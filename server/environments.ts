/**
 * docs/product.md#environments: test and production base addresses exist, and the choice is inverted: the
 * test set is used only when the environment equals this fixed value. Anything else, a typo
 * included, gets production: a misconfigured production server never talks to test systems.
 */
export const TEST_ENVIRONMENT = 'test'

export function chooseBases<T>(environment: string, bases: { test: T; production: T }): T {
  return environment === TEST_ENVIRONMENT ? bases.test : bases.production
}
