import { generateKeyPairSync, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createTicketSigner } from './e-tickets.ts'

const signer = createTicketSigner(generateKeyPairSync('ed25519').privateKey)
const ticketId = randomUUID()
const code = signer.sign(ticketId, 42)

describe('e-ticket codes', () => {
  it('when a code is read back as signed, then it names its ticket and exhibition', () => {
    expect(code).toMatch(/^ET1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{27}\.[A-Za-z0-9_-]{86}$/)
    expect(signer.verify(code)).toEqual({ ticketId, exhibitionId: 42 })
  })

  it.each(['!', '=', '==', '.', ' ', '\n', '%21'])('when %j is added after the signature, then the code is refused', (extra) => {
    expect(signer.verify(`${code}${extra}`)).toBeNull()
  })

  it('when characters Node would skip are put inside a part, then the code is refused', () => {
    const [version, kid, payload, signature] = code.split('.') as [string, string, string, string]
    expect(signer.verify(`${version}.${kid}.${payload}.!${signature}`)).toBeNull()
    expect(signer.verify(`${version}.${kid}.${payload}=.${signature}`)).toBeNull()
    expect(signer.verify(`${version}.${kid}.${payload}.${signature.slice(0, 43)}=${signature.slice(43)}`)).toBeNull()
  })

  it('when the last character of the signature is spelled with other unused bits, then the code is refused', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const last = code.at(-1) as string
    // 64 bytes leave the last of 86 characters 4 unused bits: 15 other spellings decode to the same signature.
    const value = alphabet.indexOf(last)
    const twins = Array.from({ length: 16 }, (_, low) => alphabet[(value & ~15) | low] as string).filter((character) => character !== last)
    expect(twins).toHaveLength(15)
    for (const twin of twins) {
      const spelled = `${code.slice(0, -1)}${twin}`
      expect(Buffer.from(spelled.split('.')[3] as string, 'base64url')).toEqual(Buffer.from(code.split('.')[3] as string, 'base64url'))
      expect(signer.verify(spelled)).toBeNull()
    }
  })

  it('when a code is signed by another key, cut short or of another version, then it is refused', () => {
    const other = createTicketSigner(generateKeyPairSync('ed25519').privateKey)
    expect(signer.verify(other.sign(ticketId, 42))).toBeNull()
    expect(signer.verify(code.slice(0, -1))).toBeNull()
    expect(signer.verify(code.replace(/^ET1/, 'ET2'))).toBeNull()
    expect(signer.verify('')).toBeNull()
  })
})
