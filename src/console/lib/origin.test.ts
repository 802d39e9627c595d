import { describe, expect, it } from 'vitest'
import { misplacedOrigin } from './origin.ts'

describe('misplacedOrigin', () => {
  it('when the console is opened at the public origin, then nothing is wrong', () => {
    expect(misplacedOrigin('https://expo.example.com', 'https://expo.example.com')).toBeNull()
    expect(misplacedOrigin('https://expo.example.com', 'https://expo.example.com/')).toBeNull()
  })

  it('when it is opened at another address, then the address to open is named', () => {
    expect(misplacedOrigin('http://10.0.0.5:3000', 'https://expo.example.com')).toBe('https://expo.example.com')
    expect(misplacedOrigin('http://127.0.0.1:3000', 'http://localhost:3000')).toBe('http://localhost:3000')
  })
})
