import { GatewayError } from '../../api/gateway-error.ts'
import { BADGES_PATH, type BadgeStock, badgeFileName } from '../../../shared/rules/badges.ts'
import { CONSOLE_REQUEST_HEADER } from '../../../shared/rules/console-access.ts'

export interface BadgeRequest {
  exhibitionId: number
  ticketTypeId?: number | undefined
  ticketId?: string | undefined
  stock: BadgeStock
}

/**
 * Downloads badges as a PDF (docs/product.md#badges). The server streams the file; the browser keeps
 * it as a blob and saves it under its name. A refusal arrives as the gateway's envelope.
 */
export async function downloadBadges(request: BadgeRequest): Promise<void> {
  const response = await fetch(BADGES_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value },
    body: JSON.stringify(request),
  })
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; data?: { fields?: Record<string, string> } } | null
    throw new GatewayError(response.status, body?.message ?? 'errors.unexpected', body, body?.data?.fields ?? {})
  }
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = badgeFileName(request)
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
