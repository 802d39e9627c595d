import { Markdown } from '@tiptap/markdown'
import { marked } from 'marked'
import markedCjkFriendly from 'marked-cjk-friendly'
import { EditorContent, useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useTranslation } from 'react-i18next'
import styles from './content-item.module.css'

interface RichTextProps {
  id: string
  label: string
  value: string
  onChange: (markdown: string) => void
  /** Bulletins keep to paragraphs, lists, emphasis and links (what their sanitiser lets through). */
  simple: boolean
  invalid: boolean
  describedBy?: string | undefined
}

/**
 * CommonMark does not close `**` between CJK punctuation and a CJK letter, so Chinese and Japanese bold
 * text would come back as literal asterisks; the extension follows the CJK-friendly amendment. The
 * console's only Markdown parser is the editor's, so the shared instance carries it.
 */
const cjkMarked = marked.use(markedCjkFriendly())

/**
 * The body of an article or bulletin as rich text (TipTap), read from and written back as Markdown:
 * the Markdown is what is saved, and the server makes the page's HTML from it with the pages'
 * sanitiser. Loaded only when an editor opens an item (a chunk of its own).
 */
export default function RichText({ id, label, value, onChange, simple, invalid, describedBy }: RichTextProps) {
  const { t } = useTranslation()
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: simple ? false : { levels: [2, 3, 4] },
        codeBlock: simple ? false : {},
        blockquote: simple ? false : {},
        horizontalRule: simple ? false : {},
        code: simple ? false : {},
        strike: simple ? false : {},
        underline: false,
        link: { openOnClick: false, autolink: true, protocols: ['https', 'mailto'], defaultProtocol: 'https' },
      }),
      // The pages' renderer reads `**注意：**展会` as bold (server/platform/editorial/html.ts); the editor must read it back the same.
      Markdown.configure({ marked: cjkMarked }),
    ],
    content: value,
    contentType: 'markdown',
    immediatelyRender: false,
    // TipTap would add its base styles as a <style> element, which the console's CSP refuses: they are in the CSS module.
    injectCSS: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: styles.richText ?? '',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getMarkdown()),
  })

  const mark = (name: string, run: () => void, active: boolean, text: string) => (
    <button key={name} type="button" className={`${styles.tool} ${active ? styles.toolOn : ''}`} aria-pressed={active} onClick={run} disabled={!editor}>
      {text}
    </button>
  )

  function link() {
    if (!editor) return
    const previous = (editor.getAttributes('link').href as string | undefined) ?? 'https://'
    const href = window.prompt(t('contentItem.body.linkPrompt'), previous)
    if (href === null) return
    if (!href.trim()) editor.chain().focus().unsetLink().run()
    else editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run()
  }

  const chain = () => editor?.chain().focus()
  return (
    <div className={styles.richWrap}>
      <div className={styles.toolbar} role="toolbar" aria-label={t('contentItem.body.toolbar')} aria-controls={id}>
        {mark('bold', () => chain()?.toggleBold().run(), Boolean(editor?.isActive('bold')), t('contentItem.body.bold'))}
        {mark('italic', () => chain()?.toggleItalic().run(), Boolean(editor?.isActive('italic')), t('contentItem.body.italic'))}
        {simple
          ? null
          : mark('h2', () => chain()?.toggleHeading({ level: 2 }).run(), Boolean(editor?.isActive('heading', { level: 2 })), t('contentItem.body.heading'))}
        {mark('bullets', () => chain()?.toggleBulletList().run(), Boolean(editor?.isActive('bulletList')), t('contentItem.body.bullets'))}
        {mark('numbers', () => chain()?.toggleOrderedList().run(), Boolean(editor?.isActive('orderedList')), t('contentItem.body.numbers'))}
        {simple ? null : mark('quote', () => chain()?.toggleBlockquote().run(), Boolean(editor?.isActive('blockquote')), t('contentItem.body.quote'))}
        {mark('link', link, Boolean(editor?.isActive('link')), t('contentItem.body.link'))}
      </div>
      <EditorContent editor={editor} />
    </div>
  )
}
