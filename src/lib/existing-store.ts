/**
 * Reads or clears an IndexedDB store this browser may hold, without ever creating it: sign-out asks
 * every device that never opened the door or the lead scanner too, and must leave nothing behind there.
 * Plain IndexedDB, so the shells that sign out need not load idb-keyval. Shared by the door
 * (src/console/lib/door-storage.ts) and the lead scanner (src/lib/leads-offline/guard.ts).
 */
export function withExistingStore<T>(
  database: string,
  storeName: string,
  mode: IDBTransactionMode,
  fallback: T,
  work: (store: IDBObjectStore, done: (value: T) => void) => void,
): Promise<T> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(fallback)
  return new Promise((resolve) => {
    const request = indexedDB.open(database)
    request.onupgradeneeded = () => request.transaction?.abort()
    request.onerror = () => resolve(fallback)
    request.onsuccess = () => {
      const opened = request.result
      if (!opened.objectStoreNames.contains(storeName)) {
        opened.close()
        return resolve(fallback)
      }
      const transaction = opened.transaction(storeName, mode)
      let result = fallback
      work(transaction.objectStore(storeName), (value) => {
        result = value
      })
      transaction.oncomplete = () => {
        opened.close()
        resolve(result)
      }
      transaction.onerror = transaction.onabort = () => {
        opened.close()
        resolve(fallback)
      }
    }
  })
}
