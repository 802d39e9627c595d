import { describe, expect, it } from 'vitest'
import { parseConfig } from './config.ts'
import { chooseBases } from './environments.ts'

const bases = { test: 'https://gateway.test.example', production: 'https://gateway.example' }

describe('chooseBases (docs/product.md#environments, inverted choice)', () => {
  it('when the environment is exactly "test", then the test bases', () => {
    expect(chooseBases('test', bases)).toBe(bases.test)
  })
  it.each(['production', 'prod', 'TEST', 'testing', ' test', '', 'staging'])('when the environment is %j, then production', (environment) => {
    expect(chooseBases(environment, bases)).toBe(bases.production)
  })
})

describe('config: environment bases', () => {
  it('when ENVIRONMENT=test, then the *_TEST addresses are the ones used', () => {
    const config = parseConfig({
      ENVIRONMENT: 'test',
      GATEWAY_URL: 'https://gateway.example',
      GATEWAY_URL_TEST: 'https://gateway.test.example',
      BROKER_SITE_URL: 'https://brokers.example',
      BROKER_SITE_URL_TEST: 'https://brokers.test.example',
    })
    expect(config.GATEWAY_URL).toBe('https://gateway.test.example')
    expect(config.BROKER_SITE_URL).toBe('https://brokers.test.example')
  })
  it('when ENVIRONMENT is anything else, then the production addresses', () => {
    const config = parseConfig({ ENVIRONMENT: 'staging', GATEWAY_URL: 'https://gateway.example', GATEWAY_URL_TEST: 'https://gateway.test.example' })
    expect(config.GATEWAY_URL).toBe('https://gateway.example')
  })
})
