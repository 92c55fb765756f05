/**
 * Sets `key` to `value` as the newest entry of `map`, then lets the oldest entries go
 * past `capacity`. A Map iterates in insertion order, so the first key is the oldest:
 * a cache that calls this on every use keeps the most recently used entries, one that
 * calls it only when it adds keeps the most recently added.
 */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, capacity: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= capacity) break;
    map.delete(oldest);
  }
}
