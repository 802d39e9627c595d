import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp } from '../setup/test-app.ts'
import { type App, call, signedUp, someIp } from './accounts-helpers.ts'

let app: App
let db: Database
let platform: Platform
let secrets: { clientSecret: string; provisionKey: string }

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
  const rows = (await db.query<{ name: string; value: string }>("select name, value from platform_secrets where name like 'oauth-%'")).rows
  secrets = {
    clientSecret: rows.find((row) => row.name === 'oauth-client-secret')?.value as string,
    provisionKey: rows.find((row) => row.name === 'oauth-provision-key')?.value as string,
  }
})

const authorize = (body: Record<string, string>, ip = someIp()) => request(app).post('/oauth2/authorize').set('X-Forwarded-For', ip).type('form').send(body)
const token = (body: Record<string, string>, ip = someIp()) => request(app).post('/oauth2/token').set('X-Forwarded-For', ip).type('form').send(body)

async function codeFor(userId: string): Promise<string> {
  const response = await authorize({
    response_type: 'code',
    scope: 'user',
    client_id: 'expo-site',
    provision_key: secrets.provisionKey,
    authenticated_userid: userId,
  })
  expect(response.status).toBe(200)
  const code = new URL(response.body.redirect_uri).searchParams.get('code')
  if (!code) throw new Error('no code in redirect_uri')
  return code
}

describe('OAuth2 authorization-code flow (docs/product.md#oauth, Kong)', () => {
  it('when the site authorizes a user with the provision key and trades the code with the secret, then it gets a user token that works', async () => {
    const signed = await signedUp(app, db)
    const authorized = await authorize({
      response_type: 'code',
      scope: 'user',
      client_id: 'expo-site',
      provision_key: secrets.provisionKey,
      authenticated_userid: signed.user.userId,
    })
    expect(authorized.status).toBe(200)
    expect(authorized.headers['cache-control']).toBe('no-store')
    expect(authorized.body.redirect_uri).toMatch(/^http:\/\/localhost:3000\/oauth2\/callback\?code=[\w-]{43}$/)
    const code = new URL(authorized.body.redirect_uri).searchParams.get('code') as string
    const traded = await request(app)
      .post('/oauth2/token')
      .send({ grant_type: 'authorization_code', client_id: 'expo-site', client_secret: secrets.clientSecret, code })
    expect(traded.status).toBe(200)
    expect(traded.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 })
    const verified = platform.tokens.verify(traded.body.access_token)
    expect(verified.ok && verified.principal).toMatchObject({ kind: 'user', userId: signed.user.userId })
    const profile = await call(app, '/gateway/cv3', 'usercenter$profile', {}, { token: traded.body.access_token })
    expect(profile.status).toBe(200)
    expect(profile.body.data.email).toBe(signed.email)
  })

  it('when the code is used a second time, then it is refused and the token it gave is revoked (RFC 6749 §4.1.2)', async () => {
    const signed = await signedUp(app, db)
    const code = await codeFor(signed.user.userId)
    const first = await token({ grant_type: 'authorization_code', client_id: 'expo-site', client_secret: secrets.clientSecret, code })
    expect(first.status).toBe(200)
    const again = await token({ grant_type: 'authorization_code', client_id: 'expo-site', client_secret: secrets.clientSecret, code })
    expect(again.status).toBe(400)
    expect(again.body).toEqual({ error: 'invalid_request', error_description: 'Invalid code' })
    expect((await call(app, '/gateway/cv3', 'usercenter$profile', {}, { token: first.body.access_token })).status).toBe(401)
  })

  it('when the code has expired, then it is refused', async () => {
    const signed = await signedUp(app, db)
    const code = await codeFor(signed.user.userId)
    await db.query("update oauth_codes set expires_at = now() - interval '1 second'")
    const late = await token({ grant_type: 'authorization_code', client_id: 'expo-site', client_secret: secrets.clientSecret, code })
    expect(late.status).toBe(400)
    expect(late.body.error).toBe('invalid_request')
  })

  it('when the secret, the provision key, the client or the code is wrong, then the Kong error for each, never a token', async () => {
    const signed = await signedUp(app, db)
    const code = await codeFor(signed.user.userId)
    const wrongSecret = await token({ grant_type: 'authorization_code', client_id: 'expo-site', client_secret: `${secrets.clientSecret}x`, code })
    expect(wrongSecret.status).toBe(401)
    expect(wrongSecret.body).toEqual({ error: 'invalid_client', error_description: 'Invalid client authentication' })
    // The code survived the failed attempt.
    expect((await token({ grant_type: 'authorization_code', client_id: 'expo-site', client_secret: secrets.clientSecret, code })).status).toBe(200)

    const base = { response_type: 'code', scope: 'user', client_id: 'expo-site', provision_key: secrets.provisionKey, authenticated_userid: signed.user.userId }
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ ...base, provision_key: 'not-the-provision-key' }, 400, 'invalid_provision_key'],
      [{ ...base, provision_key: '' }, 400, 'invalid_provision_key'],
      [{ ...base, client_id: 'someone-else' }, 400, 'invalid_client'],
      [{ ...base, response_type: 'token' }, 400, 'unsupported_response_type'],
      [{ ...base, scope: 'admin' }, 400, 'invalid_scope'],
      [{ ...base, authenticated_userid: '' }, 400, 'invalid_authenticated_userid'],
      [{ ...base, authenticated_userid: '00000000-0000-4000-8000-000000000000' }, 400, 'invalid_authenticated_userid'],
      [{ ...base, authenticated_userid: "1' or '1'='1" }, 400, 'invalid_authenticated_userid'],
    ]
    for (const [body, status, error] of cases) {
      const response = await authorize(body)
      expect([response.status, response.body.error]).toEqual([status, error])
    }
    const tokenCases: Array<[Record<string, string>, number, string]> = [
      [{ grant_type: 'password', client_id: 'expo-site', client_secret: secrets.clientSecret }, 400, 'unsupported_grant_type'],
      [{ grant_type: 'authorization_code', client_id: 'expo-site', client_secret: secrets.clientSecret, code: 'made-up' }, 400, 'invalid_request'],
      [{ grant_type: 'authorization_code', client_id: 'expo-site', client_secret: secrets.clientSecret }, 400, 'invalid_request'],
      [{ grant_type: 'authorization_code', client_id: 'other', client_secret: secrets.clientSecret, code: 'x' }, 401, 'invalid_client'],
      [{ grant_type: 'client_credentials', client_id: 'expo-site' }, 401, 'invalid_client'],
    ]
    for (const [body, status, error] of tokenCases) {
      const response = await token(body)
      expect([response.status, response.body.error]).toEqual([status, error])
      expect(response.body.access_token).toBeUndefined()
    }
  })

  it('when the body is not JSON or a form, or too large, then 400 invalid_request', async () => {
    const broken = await request(app).post('/oauth2/token').set('Content-Type', 'application/json').send('{"grant_type":')
    expect(broken.status).toBe(400)
    expect(broken.body.error).toBe('invalid_request')
    const large = await request(app)
      .post('/oauth2/authorize')
      .type('form')
      .send({ response_type: 'code', provision_key: 'x'.repeat(10_000) })
    expect(large.status).toBe(400)
    expect((await request(app).get('/oauth2/token')).status).toBe(404)
  })

  it('when a server asks with client credentials, then it gets a server token for the V3 gateway', async () => {
    const signed = await signedUp(app, db)
    const response = await token({ grant_type: 'client_credentials', client_id: 'expo-site', client_secret: secrets.clientSecret })
    expect(response.status).toBe(200)
    const verified = platform.tokens.verify(response.body.access_token)
    expect(verified.ok && verified.principal).toEqual({ kind: 'server', clientId: 'expo-site' })
    const v3 = await call(app, '/gateway/v3', 'usercenter$getuserfromcookie', { contentcookie: signed.login }, { token: response.body.access_token })
    expect(v3.status).toBe(200)
    expect(v3.body.data.userId).toBe(signed.user.userId)
  })

  it('when someone guesses secrets from one address, then it is slowed down (429)', async () => {
    const ip = someIp()
    const answers = []
    for (let attempt = 0; attempt < 31; attempt++)
      answers.push((await token({ grant_type: 'client_credentials', client_id: 'expo-site', client_secret: `guess-${attempt}` }, ip)).status)
    expect(answers.slice(0, 30).every((status) => status === 401)).toBe(true)
    expect(answers[30]).toBe(429)
  })

  it('when the secrets are configured, then those are used, and they never reach a page', async () => {
    const configured = await createTestApp({
      env: { OAUTH_CLIENT_ID: 'partner-site', OAUTH_CLIENT_SECRET: 'configured-secret-0123456789', OAUTH_PROVISION_KEY: 'configured-provision-0123456789' },
    })
    const ok = await request(configured.app)
      .post('/oauth2/token')
      .send({ grant_type: 'client_credentials', client_id: 'partner-site', client_secret: 'configured-secret-0123456789' })
    expect(ok.status).toBe(200)
    const generated = await request(configured.app)
      .post('/oauth2/token')
      .send({ grant_type: 'client_credentials', client_id: 'partner-site', client_secret: secrets.clientSecret })
    expect(generated.status).toBe(401)
    for (const path of ['/en', '/en/info.html', '/login?lang=en']) {
      const page = await request(configured.app).get(path)
      for (const secret of ['configured-secret-0123456789', 'configured-provision-0123456789', secrets.clientSecret, secrets.provisionKey]) {
        expect(page.text).not.toContain(secret)
      }
    }
  })
})
