import { GatewayError } from '../../api/gateway-error.ts'
import { CONSOLE_REQUEST_HEADER } from '../../../shared/rules/console-access.ts'
import { MEDIA_UPLOAD_PATH, type MediaItem, type MediaKind, type MediaSource } from '../../../shared/rules/media.ts'

/**
 * Sends one file to the console's media upload route and answers the stored MediaItem. XMLHttpRequest
 * rather than fetch: only it reports upload progress, which a 100 MB video needs. Refusals are
 * GatewayErrors with the route's translated code and its data (the size limit) in `body.data`.
 */
export function uploadMedia(file: File, kind: MediaKind | 'any', onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    // A field for one kind says so: the route refuses the other kind from its first bytes, storing nothing.
    request.open('POST', kind === 'any' ? MEDIA_UPLOAD_PATH : `${MEDIA_UPLOAD_PATH}?kind=${kind}`)
    request.setRequestHeader(CONSOLE_REQUEST_HEADER.name, CONSOLE_REQUEST_HEADER.value)
    request.responseType = 'json'
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      const envelope = request.response as { succeed?: boolean; message?: string; data?: unknown } | null
      if (request.status === 200 && envelope?.succeed) return resolve(envelope.data as MediaItem)
      reject(new GatewayError(request.status, envelope?.message || 'errors.unexpected', envelope))
    }
    request.onerror = () => reject(new GatewayError(0, 'errors.network', null))
    request.onabort = () => reject(new GatewayError(0, 'errors.network', null))
    signal?.addEventListener('abort', () => request.abort(), { once: true })
    const body = new FormData()
    body.append('file', file)
    request.send(body)
  })
}

/** The copy a thumbnail `width` CSS pixels wide shows sharply on a dense screen: WebP, the smallest at least twice as wide. */
export function thumbnailOf(item: Pick<MediaItem, 'sources' | 'src'>, width: number): string {
  const webp = item.sources.filter((source: MediaSource) => source.type === 'image/webp')
  return (webp.find((source) => source.width >= width * 2) ?? webp.at(-1))?.src ?? item.src
}
