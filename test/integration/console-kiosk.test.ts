import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { noAssets } from '../../server/http/assets.ts'
import { render as renderConsole } from '../../src/console/entry-server.tsx'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { type App, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'

/**
 * Kiosk mode's lock on the server (docs/product.md#kiosk): a device whose browser holds the kiosk's cookie
 * is sent to the kiosk from every other console page before anything renders; sign-in stays open, so a
 * session that ended can be renewed, and the kiosk itself opens without a loop.
 */
let app: App
let db: Database
let door: SignedInMember

const LOCK = `console_kiosk=${encodeURIComponent(JSON.stringify({ exhibitionId: 1, gate: 'Kiosk A', stock: 'a6', language: 'en' }))}`

beforeAll(async () => {
  ;({ app, db } = await createTestApp({ deps: { console: { render: renderConsole, assets: noAssets } } }))
  await resetDatabase(db)
  setMoment('2027-04-01T08:00:00Z')
  door = await setUpMember(app, db, ['checkin'])
})

afterAll(() => {
  vi.useRealTimers()
})

describe('the kiosk lock', () => {
  it('when a locked device asks for any other console page, then the server sends it to the kiosk', async () => {
    for (const path of ['/console', '/console/checkin', '/console/orders', '/console/sessions?page=2', '/console/setup/anything']) {
      const answer = await request(app).get(path).set('Cookie', `${door.cookie}; ${LOCK}`)
      expect(answer.status, path).toBe(302)
      expect(answer.headers.location, path).toBe('/console/checkin/kiosk')
    }
  })

  it('when a locked device opens the kiosk, then it renders; sign-in stays open; an unlocked device is not sent there', async () => {
    const kiosk = await request(app).get('/console/checkin/kiosk').set('Cookie', `${door.cookie}; ${LOCK}`)
    expect(kiosk.status).toBe(200)
    expect(kiosk.headers['cache-control']).toBe('private, no-store')
    const signIn = await request(app).get('/console/sign-in').set('Cookie', LOCK)
    expect(signIn.status).toBe(200)
    const unlocked = await request(app).get('/console/checkin').set('Cookie', door.cookie)
    expect(unlocked.status).toBe(200)
  })

  it('when nobody is signed in on a locked device, then the kiosk asks for sign-in and comes back to itself', async () => {
    const answer = await request(app).get('/console/checkin/kiosk').set('Cookie', LOCK)
    expect(answer.status).toBe(302)
    expect(answer.headers.location).toBe('/console/sign-in?next=%2Fconsole%2Fcheckin%2Fkiosk')
  })
})
