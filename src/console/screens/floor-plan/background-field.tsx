import { useTranslation } from 'react-i18next'
import { mediaItemOf } from '../../content-kit/image-field.tsx'
import { MediaPicker } from '../../ui/media-picker.tsx'

interface Props {
  id: string
  src: string | null
  onChange(item: { id: string; src: string } | null): void
  error?: string | undefined
}

/**
 * The hall's drawing from the media library. Loaded only when a hall form opens (the picker is most of
 * a screen's weight and the plan's first view does not need it).
 */
export default function BackgroundField({ id, src, onChange, error }: Props) {
  const { t } = useTranslation()
  return <MediaPicker id={id} label={t('floorPlan.background')} value={mediaItemOf(src, t('floorPlan.background'))} onChange={onChange} error={error} />
}
