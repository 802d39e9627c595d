import type { LoaderFunctionArgs } from 'react-router'
import {
  type BoothChoiceView,
  boothChoice,
  type ChecklistView,
  type ExhibitorSummary,
  exhibitorChecklist,
  exhibitorInvitation,
  exhibitorPasses,
  exhibitorWorkspace,
  type InvitationView,
  myExhibitors,
  type PassesView,
  type WorkspaceView,
} from '../../api/exhibitors.ts'
import { GatewayError } from '../../api/gateway-error.ts'
import { countryList } from '../../api/reference.ts'
import { currentUser } from '../../components/account-menu/user-store.ts'
import { loaderContextOf } from '../route-kit.ts'
import { EXHIBITOR_MESSAGES } from '../../../shared/rules/exhibitors.ts'

export interface Country {
  code: string
  name: string
}

/** What the exhibitor area shows, by its address: `?invitation=`, `?id=` or the list. */
export type AreaLoad =
  | { kind: 'login'; invitation: boolean }
  | { kind: 'list'; items: ExhibitorSummary[] }
  | { kind: 'missing' }
  | { kind: 'workspace'; workspace: WorkspaceView; countries: Country[]; checklist: ChecklistView; booth: BoothChoiceView; passes: PassesView }
  | {
      kind: 'invitation'
      token: string
      invitation: InvitationView | null
      /** Why the link shows nothing (a translation key), when it does not. */
      problem: string | null
      /** The member's own exhibitor of this invitation, when they are on its team already. */
      memberOf: number | null
    }

const refused = (error: unknown, ...codes: number[]) => error instanceof GatewayError && codes.includes(error.errorCode)

/**
 * The exhibitor area's data (docs/product.md#exhibitors). Personal: a visitor who is not signed in gets
 * the sign-in prompt, and the login returns to the same address, invitation token included.
 */
export async function loadArea(args: LoaderFunctionArgs): Promise<AreaLoad> {
  const { gateway, site } = loaderContextOf(args)
  const query = new URL(args.request.url).searchParams
  const token = query.get('invitation')
  const signal = args.request.signal
  if (!currentUser(site)) return { kind: 'login', invitation: token !== null }
  try {
    if (token !== null) {
      try {
        const invitation = await gateway.call(exhibitorInvitation, { token }, { signal })
        // The invitation does not name the exhibitor's id: the member's own list does.
        const memberOf = invitation.memberAlready
          ? ((await gateway.call(myExhibitors, {}, { signal })).items.find(
              (item) => item.exhibition.id === invitation.exhibition.id && item.name === invitation.exhibitorName,
            )?.id ?? null)
          : null
        return { kind: 'invitation', token, invitation, problem: null, memberOf }
      } catch (error) {
        if (refused(error, 400, 404, 410)) {
          // A malformed token is refused as a field; it is the same unusable link to the visitor.
          const problem = refused(error, 410) ? (error as GatewayError).code : EXHIBITOR_MESSAGES.invitationInvalid
          return { kind: 'invitation', token, invitation: null, problem, memberOf: null }
        }
        throw error
      }
    }
    const id = query.get('id')
    if (id !== null) {
      const exhibitorId = Number(id)
      if (!Number.isSafeInteger(exhibitorId) || exhibitorId <= 0) return { kind: 'missing' }
      try {
        const [workspace, countries, checklist, booth, passes] = await Promise.all([
          gateway.call(exhibitorWorkspace, { exhibitorId }, { signal }),
          gateway.call(countryList, { LanguageCode: site.locale }, { signal }),
          gateway.call(exhibitorChecklist, { exhibitorId }, { signal }),
          gateway.call(boothChoice, { exhibitorId }, { signal }),
          gateway.call(exhibitorPasses, { exhibitorId }, { signal }),
        ])
        return {
          kind: 'workspace',
          workspace,
          countries: countries.map((country) => ({ code: country.TwoCharCode, name: country.CountryName })),
          checklist,
          booth,
          passes,
        }
      } catch (error) {
        if (refused(error, 400, 404)) return { kind: 'missing' }
        throw error
      }
    }
    return { kind: 'list', items: (await gateway.call(myExhibitors, {}, { signal })).items }
  } catch (error) {
    if (refused(error, 401)) return { kind: 'login', invitation: token !== null }
    throw error
  }
}
