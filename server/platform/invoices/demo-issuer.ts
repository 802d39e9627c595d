import type { Queryable } from '../../db/client.ts'
import { saveIssuer } from './invoices.repo.ts'

/**
 * The demo content's legal identity, so a demo site issues invoices one can look at. Its documents
 * say they are demos on every page (`demo`), and the console's invoicing screen asks owners to put
 * their own identity in its place before going live.
 */
export async function seedDemoIssuer(tx: Queryable): Promise<void> {
  await saveIssuer(
    tx,
    {
      legal_name: 'Demo Expo Organiser Ltd',
      address: '1 Example Street\nSingapore 000001',
      country: 'SG',
      tax_id: 'DEMO-GST-000000',
      registration_number: 'DEMO-000000',
      prefix: 'DEMO',
      default_rate_bp: 900,
      demo: true,
    },
    0,
    new Date(),
  )
}
