import { createHash } from 'node:crypto'
import { keccak_256 } from '@noble/hashes/sha3.js'
import bs58 from 'bs58'

export type UsdtNetwork = 'usdtTrc20' | 'usdtErc20'

export type UsdtResult =
  | {
      ok: true
      network: UsdtNetwork
      key: string
      display: string
      /** Mixed letter case that is not the EIP-55 checksum: still the same account, but worth saying. */
      caseDiffers?: true
    }
  /** Shaped like an address of the network, but its characters or checksum are wrong: mistyped or tampered. */
  | { ok: false; network: UsdtNetwork; problem: 'format' | 'checksum'; display: string }

/** TRON addresses: "T" and 33 more base58 characters. Loosely: "T" and 33 letters or digits (then checked). */
const TRON_SHAPE = /^T[0-9A-Za-z]{33}$/
/** Ethereum addresses: "0x" and 40 characters (then checked to be hex). */
const ETHEREUM_SHAPE = /^0[xX][0-9A-Za-z]{40}$/

export function detectUsdt(text: string): UsdtNetwork | null {
  if (TRON_SHAPE.test(text)) return 'usdtTrc20'
  if (ETHEREUM_SHAPE.test(text)) return 'usdtErc20'
  return null
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest()

/**
 * A TRON (TRC-20) address is base58check: version byte 0x41, the 20-byte account, then the first
 * four bytes of SHA-256(SHA-256(version + account)). Compared exactly: base58 is case-sensitive.
 */
export function normaliseTron(text: string): UsdtResult {
  const network = 'usdtTrc20'
  const bytes = bs58.decodeUnsafe(text)
  if (bytes?.length !== 25 || bytes[0] !== 0x41) return { ok: false, network, problem: 'format', display: text }
  const payload = bytes.subarray(0, 21)
  const checksum = sha256(sha256(payload)).subarray(0, 4)
  if (!checksum.equals(Buffer.from(bytes.subarray(21)))) return { ok: false, network, problem: 'checksum', display: text }
  return { ok: true, network, key: text, display: text }
}

/** Encodes 20 account bytes as a TRON address (the CLI and the demo register use it). */
export function tronAddress(account: Uint8Array): string {
  if (account.length !== 20) throw new Error('a TRON account is 20 bytes')
  const payload = new Uint8Array(21)
  payload[0] = 0x41
  payload.set(account, 1)
  const checksum = sha256(sha256(payload)).subarray(0, 4)
  return bs58.encode(Buffer.concat([payload, checksum]))
}

/** EIP-55 (https://eips.ethereum.org/EIPS/eip-55): hex letters upper-cased where keccak-256 of the lower-case hex has a nibble >= 8. */
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase()
  const hash = keccak_256(new TextEncoder().encode(lower))
  let out = '0x'
  for (let index = 0; index < 40; index += 1) {
    const char = lower[index] as string
    const byte = hash[index >> 1] as number
    const nibble = index % 2 === 0 ? byte >> 4 : byte & 0x0f
    out += nibble >= 8 ? char.toUpperCase() : char
  }
  return out
}

/**
 * An Ethereum (ERC-20) address: 0x and 40 hex digits. The account is the hex number, so letter case
 * never makes another address: the key is lower case and the address is shown checksummed. EIP-55
 * mixed case is only a checksum against typing mistakes; mixed case that is not it is reported as
 * `caseDiffers` (a changed character also changes the key, so it can never match one of ours).
 */
export function normaliseEthereum(text: string): UsdtResult {
  const network = 'usdtErc20'
  const hex = text.slice(2)
  if (!/^0[xX]$/.test(text.slice(0, 2)) || !/^[0-9a-fA-F]{40}$/.test(hex)) return { ok: false, network, problem: 'format', display: text }
  const checksummed = toChecksumAddress(hex)
  const mixed = /[a-f]/.test(hex) && /[A-F]/.test(hex)
  const result: UsdtResult = { ok: true, network, key: `0x${hex.toLowerCase()}`, display: checksummed }
  if (mixed && checksummed.slice(2) !== hex) result.caseDiffers = true
  return result
}

export function normaliseUsdt(text: string): UsdtResult | null {
  const network = detectUsdt(text)
  if (network === 'usdtTrc20') return normaliseTron(text)
  if (network === 'usdtErc20') return normaliseEthereum(text)
  return null
}
