import { describe, expect, it } from 'vitest'
import { detectUsdt, normaliseEthereum, normaliseTron, normaliseUsdt, toChecksumAddress, tronAddress } from './usdt.ts'

describe('TRC-20 addresses (base58check, version 0x41)', () => {
  it.each([
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
    ['T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'],
    [tronAddress(new Uint8Array(20).fill(7))],
    [tronAddress(new Uint8Array(20).fill(255))],
  ])('when %s is checked, then it is valid and kept exactly', (address) => {
    expect(normaliseTron(address)).toEqual({ ok: true, network: 'usdtTrc20', key: address, display: address })
  })

  it.each([
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', 'checksum'],
    ['tr7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'format'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60', 'format'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLjIt', 'format'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'checksum'],
  ])('when %s is checked, then it fails with %s', (address, problem) => {
    const result = normaliseUsdt(address)
    if (address.startsWith('T')) expect(result).toMatchObject({ ok: false, problem })
    else expect(result).toBeNull()
  })

  it('when a Bitcoin-style base58check address of another version is given, then it is not TRON', () => {
    expect(normaliseTron('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa').ok).toBe(false)
  })
})

describe('ERC-20 addresses (0x + 40 hex, EIP-55)', () => {
  // The test vectors of EIP-55.
  it.each([
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
    ['0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'],
    ['0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'],
  ])('when %s is checksummed, then EIP-55 gives the same', (address) => {
    expect(toChecksumAddress(address.slice(2))).toBe(address)
    expect(normaliseEthereum(address)).toEqual({ ok: true, network: 'usdtErc20', key: address.toLowerCase(), display: address })
  })

  it.each([
    ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', true],
    ['0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED', true],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg', false],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA', false],
  ])('when %s is checked, then valid is %s', (address, valid) => {
    expect(normaliseUsdt(address)?.ok ?? false).toBe(valid)
  })

  it.each([['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'], ['0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed'], ['0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD']])(
    'when %s is written in a case that is not its checksum, then it is the same account and the case is said to differ',
    (address) => {
      expect(normaliseEthereum(address)).toEqual({
        ok: true,
        network: 'usdtErc20',
        key: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
        display: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        caseDiffers: true,
      })
    },
  )

  it('when one address is written in any valid case, then the key is the same', () => {
    const keys = [
      '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0x5AaEB6053f3e94c9B9a09F33669435e7eF1bEaED',
    ].map((address) => {
      const result = normaliseEthereum(address)
      return result.ok ? result.key : null
    })
    expect(new Set(keys).size).toBe(1)
  })

  it('when text is not address-shaped, then no network is detected', () => {
    for (const text of ['0x123', 'T123', `0x${'a'.repeat(41)}`, `T${'a'.repeat(34)}`, '<script>', ' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'])
      expect(detectUsdt(text)).toBeNull()
  })
})
