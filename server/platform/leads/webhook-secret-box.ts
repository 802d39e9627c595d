import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * Webhook secrets must be read back to sign, so they are sealed, not hashed (docs/product.md#lead-webhooks):
 * AES-256-GCM under the platform's webhook key, the exhibitor's id as associated data, so a sealed secret
 * copied to another exhibitor's row does not open.
 */
export function createSecretBox(key: string) {
  const aesKey = createHash('sha256').update(key).digest()
  return {
    seal(secret: string, exhibitorId: number): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', aesKey, iv)
      cipher.setAAD(Buffer.from(String(exhibitorId)))
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.')
    },
    open(box: string, exhibitorId: number): string {
      const [version, iv, tag, sealed] = box.split('.')
      if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('not a sealed webhook secret')
      const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(iv, 'base64url'))
      decipher.setAAD(Buffer.from(String(exhibitorId)))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}

export type SecretBox = ReturnType<typeof createSecretBox>

/** What an exhibitor's admin copies once: a prefix that says what it is, and 192 random bits. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`
