let audio: AudioContext | null = null

/** Browsers start sound only from a tap: the tap that turns the camera on readies it for the answers. */
export function readySound(): void {
  try {
    audio ??= new AudioContext()
    void audio.resume().catch(() => undefined)
  } catch {
    // No sound on this device; the screen still answers.
  }
}

/**
 * A short high beep for someone let in, a low double buzz for a refusal, and a vibration where the
 * browser allows it: the person at the door hears the answer without looking at the phone.
 */
export function signal(good: boolean): void {
  try {
    audio ??= new AudioContext()
    const start = audio.currentTime
    const tones = good ? [{ at: 0, frequency: 1046, length: 0.12 }] : [0, 0.22].map((at) => ({ at, frequency: 196, length: 0.16 }))
    for (const tone of tones) {
      const oscillator = audio.createOscillator()
      const gain = audio.createGain()
      oscillator.type = good ? 'sine' : 'square'
      oscillator.frequency.value = tone.frequency
      gain.gain.setValueAtTime(0.18, start + tone.at)
      gain.gain.exponentialRampToValueAtTime(0.001, start + tone.at + tone.length)
      oscillator.connect(gain).connect(audio.destination)
      oscillator.start(start + tone.at)
      oscillator.stop(start + tone.at + tone.length)
    }
  } catch {
    // No sound on this device (no audio output, or not allowed before a tap): the screen still answers.
  }
  navigator.vibrate?.(good ? 80 : [160, 80, 160])
}
