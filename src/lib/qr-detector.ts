import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'

/** What the scanner needs of a barcode detector, the browser's own or the ponyfill. */
export interface QrDetector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>
}

interface NativeDetector {
  new (options: { formats: string[] }): QrDetector
  getSupportedFormats(): Promise<string[]>
}

async function nativeDetector(): Promise<NativeDetector | null> {
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector
  return native && (await native.getSupportedFormats().catch((): string[] => [])).includes('qr_code') ? native : null
}

/**
 * The browser's BarcodeDetector where it reads QR codes (Android, macOS, ChromeOS), else ZXing in
 * WebAssembly. The .wasm is one of our own build files, never a CDN's: the CSP allows no other
 * origin, and at a door without network only what the service worker keeps is there. This module is
 * not in the check-in screen's first load: it comes once the screen is up (`scannerFiles`).
 */
export async function createQrDetector(): Promise<QrDetector> {
  const native = await nativeDetector()
  if (native) return new native({ formats: ['qr_code'] })
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill')
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  })
  return new BarcodeDetector({ formats: ['qr_code'] })
}

/**
 * The scanner's code made ready for a door without network, before anyone starts the camera
 * (docs/product.md#checkin): the ZXing module is loaded (so its build file is among the page's
 * resources) and the .wasm named, for the service worker to keep. Nothing where the browser reads
 * QR codes itself.
 */
export async function scannerFiles(): Promise<string[]> {
  if (await nativeDetector()) return []
  await import('barcode-detector/ponyfill')
  return [wasmUrl]
}
