import type { EditorialItem } from '../../../api/console-editorial.ts'
import type { EditorialKind } from '../../../../shared/rules/console-editorial.ts'

/** The form's state from an item, or a new item's. */
export function formOf(kind: EditorialKind, item: EditorialItem | null) {
  return {
    slug: item?.slug ?? '',
    imageSrc: item?.image?.src ?? '',
    imageWidth: item?.image ? String(item.image.width) : '',
    imageHeight: item?.image ? String(item.image.height) : '',
    tags: item?.tags ?? [],
    exhibition: item?.exhibition ?? '',
    bulletinKind: item?.bulletinKind ?? 'notice',
    pinned: item?.pinned ?? false,
    category: item?.category ?? 'highlights',
    durationSeconds: item && kind === 'video' ? String(item.durationSeconds) : '',
    sourceSrc: item?.sources[0]?.src ?? '',
    sourceType: item?.sources[0]?.type ?? 'video/mp4',
    captions: (item?.captions ?? []).map((caption) => ({ ...caption })),
  }
}

/** The editor's form: what an item is besides its texts, as the fields hold it (text for numbers). */
export type Form = ReturnType<typeof formOf>
