import type { FunctionTable } from './gateway.ts'

/** Where each exhibitors function is reached and who may call it (its contract and browser reference both use this). */
export const EXHIBITORS = {
  // The exhibitor area (`/{lang}/exhibitor.html`): the signed-in member's own exhibitors.
  myExhibitors: { endpoint: 'expo', route: 'exhibitor$mine', access: 'user' },
  exhibitorWorkspace: { endpoint: 'expo', route: 'exhibitor$workspace', access: 'user' },
  saveExhibitorProfile: { endpoint: 'expo', route: 'exhibitor$saveProfile', access: 'user' },
  removeExhibitorLogo: { endpoint: 'expo', route: 'exhibitor$removeLogo', access: 'user' },
  inviteExhibitorMember: { endpoint: 'expo', route: 'exhibitor$invite', access: 'user' },
  revokeExhibitorInvitation: { endpoint: 'expo', route: 'exhibitor$revokeInvitation', access: 'user' },
  removeExhibitorMember: { endpoint: 'expo', route: 'exhibitor$removeMember', access: 'user' },
  exhibitorInvitation: { endpoint: 'expo', route: 'exhibitor$invitation', access: 'user' },
  acceptExhibitorInvitation: { endpoint: 'expo', route: 'exhibitor$acceptInvitation', access: 'user' },
  // The company's official channels, submitted for the organiser's verifier (docs/product.md#exhibitor-channel-submissions).
  submitExhibitorChannel: { endpoint: 'expo', route: 'exhibitor$submitChannel', access: 'user' },
  withdrawExhibitorChannel: { endpoint: 'expo', route: 'exhibitor$withdrawChannel', access: 'user' },
  // Its team passes (docs/product.md#team-passes): staff read, admins name, rename and revoke.
  exhibitorPasses: { endpoint: 'expo', route: 'exhibitor$passes', access: 'user' },
  nameExhibitorPass: { endpoint: 'expo', route: 'exhibitor$namePass', access: 'user' },
  renameExhibitorPass: { endpoint: 'expo', route: 'exhibitor$renamePass', access: 'user' },
  revokeExhibitorPass: { endpoint: 'expo', route: 'exhibitor$revokePass', access: 'user' },
  // Its checklist (docs/product.md#exhibitor-tasks): staff read, admins confirm.
  exhibitorChecklist: { endpoint: 'expo', route: 'exhibitor$checklist', access: 'user' },
  confirmExhibitorTask: { endpoint: 'expo', route: 'exhibitor$confirmTask', access: 'user' },
  // An admin orders a priced form's items: a pending order of kind services (docs/product.md#exhibitor-forms).
  orderExhibitorForm: { endpoint: 'expo', route: 'exhibitor$orderForm', access: 'user' },
  // What visitors read: the directory of an exhibition and one exhibitor's page.
  exhibitorDirectory: { endpoint: 'expo', route: 'exhibitor$directory', access: 'visitor' },
  exhibitorPage: { endpoint: 'expo', route: 'exhibitor$page', access: 'visitor' },
  // The exhibition's floor plan as the directory draws it (docs/product.md#floor-plans).
  exhibitionFloorPlan: { endpoint: 'expo', route: 'exhibitor$floorPlan', access: 'visitor' },
  // An admin chooses a free booth: held by a pending order of kind booth (docs/product.md#booth-checkout).
  chooseBooth: { endpoint: 'expo', route: 'exhibitor$chooseBooth', access: 'user' },
  boothChoice: { endpoint: 'expo', route: 'exhibitor$boothChoice', access: 'user' },
} as const satisfies FunctionTable
