import { afterAll, describe, expect, it } from 'vitest'
import { createPasswordHasher } from './passwords.ts'

const hasher = createPasswordHasher(1)
afterAll(() => hasher.close())

describe('the password hasher', () => {
  it('when nothing lighter is asked for, then a hash is argon2id with OWASP’s parameters, and only its own password verifies', async () => {
    const hash = await hasher.hash('correct horse 王小明')
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await hasher.verify('correct horse 王小明', hash)).toBe(true)
    expect(await hasher.verify('correct horse 王小', hash)).toBe(false)
  })

  it('when there is no account (no hash), then the check is made against a dummy and fails', async () => {
    expect(await hasher.verify('anything', null)).toBe(false)
  })

  it('when a hash was made with other work, then it still verifies (a verify reads the work from the hash)', async () => {
    const light = createPasswordHasher(1, { memorySize: 256, iterations: 1 })
    try {
      const hash = await light.hash('kept')
      expect(hash).toMatch(/m=256,t=1/)
      expect(await hasher.verify('kept', hash)).toBe(true)
    } finally {
      await light.close()
    }
  })
})
