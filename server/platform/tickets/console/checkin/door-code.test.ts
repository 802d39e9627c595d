import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyTicketCode } from '../../../../../shared/rules/ticket-code.ts'
import { createTicketSigner } from '../../e-tickets.ts'

/** The door's offline check (WebCrypto, in the browser) must read codes exactly as this signer makes and verifies them. */
const TICKET = '0b9f4c1e-7a52-4d3e-9c1a-5f6e7d8c9b0a'
const signer = createTicketSigner(generateKeyPairSync('ed25519').privateKey)
const key = { kid: signer.kid, x: signer.publicKey().jwk.x }

describe("the door's verifyTicketCode", () => {
  it('when the code is signed by the published key, then it names the ticket and exhibition as the server reads them', async () => {
    const code = signer.sign(TICKET, 70_000)
    expect(await verifyTicketCode(code, key)).toEqual(signer.verify(code))
    expect(await verifyTicketCode(code, key)).toEqual({ ticketId: TICKET, exhibitionId: 70_000 })
  })

  it('when one signature character is changed, then the door refuses it as the server does', async () => {
    const code = signer.sign(TICKET, 7)
    const at = code.length - 10
    const altered = `${code.slice(0, at)}${code[at] === 'A' ? 'B' : 'A'}${code.slice(at + 1)}`
    expect(signer.verify(altered)).toBeNull()
    expect(await verifyTicketCode(altered, key)).toBeNull()
  })

  it('when the code is signed by another key, or is no ticket code at all, then it is refused', async () => {
    const stranger = createTicketSigner(generateKeyPairSync('ed25519').privateKey)
    expect(await verifyTicketCode(stranger.sign(TICKET, 7), key)).toBeNull()
    expect(await verifyTicketCode('https://example.com/', key)).toBeNull()
  })

  it('when the last signature character is spelled with other unused low bits, then it is refused (one ticket, one spelling)', async () => {
    const code = signer.sign(TICKET, 7)
    const last = code.at(-1) as string
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const sibling = alphabet[alphabet.indexOf(last) ^ 1] as string
    expect(await verifyTicketCode(`${code.slice(0, -1)}${sibling}`, key)).toBeNull()
  })
})
