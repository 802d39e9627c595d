import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { call, exhibitorBody, someIp, userToken } from './applications-helpers.ts'
import { type App, consoleCall, type SignedInMember } from './console-helpers.ts'

export interface AcceptedCompany {
  exhibitorId: number
  companyId: number
  /** The applicant, the exhibitor's first administrator. */
  admin: { token: string; userId: string; email: string }
}

/**
 * An exhibitor as an accepted application makes it (the applicant applied signed in, so they are its
 * admin), its profile named in English and Simplified Chinese; `locale` is the admin's account language.
 */
export async function acceptedCompany(
  app: App,
  db: Database,
  platform: Platform,
  input: { owner: SignedInMember; exhibitionId: number; name: string; chinese: string; locale?: string },
): Promise<AcceptedCompany> {
  const admin = await userToken(db, platform)
  if (input.locale) await db.query('update accounts set locale = $2 where id = $1', [admin.userId, input.locale])
  const applied = await call(app, 'apply$submitExhibitor', exhibitorBody(input.exhibitionId, { companyName: `${input.name} Ltd` }), {
    token: admin.token,
    ip: someIp(),
  })
  await consoleCall(
    app,
    'decideApplication',
    { reference: applied.body.data.reference, status: 'accepted', expected: 'received' },
    { cookie: input.owner.cookie },
  ).expect(200)
  const exhibitor = (await call(app, 'exhibitor$mine', {}, { token: admin.token }).expect(200)).body.data.items[0]
  const workspace = (await call(app, 'exhibitor$workspace', { exhibitorId: exhibitor.id }, { token: admin.token }).expect(200)).body.data
  await call(
    app,
    'exhibitor$saveProfile',
    {
      exhibitorId: exhibitor.id,
      version: workspace.profile.version,
      kind: 'broker',
      country: 'GB',
      website: '',
      texts: { en: { name: input.name, summary: '', description: '' }, 'zh-cn': { name: input.chinese, summary: '', description: '' } },
      licences: [],
    },
    { token: admin.token },
  ).expect(200)
  const row = await db.query<{ company_id: number }>('select company_id::int as company_id from exhibitors where id = $1', [exhibitor.id])
  return { exhibitorId: exhibitor.id, companyId: row.rows[0]?.company_id as number, admin }
}
