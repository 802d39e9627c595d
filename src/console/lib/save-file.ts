/** Saves a file the platform sent (base64) under its name, through a temporary object URL. */
export function saveFile(file: { fileName: string; mediaType: string; base64: string }): void {
  const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0))
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mediaType }))
  const link = document.createElement('a')
  link.href = url
  link.download = file.fileName
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
