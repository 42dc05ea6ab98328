/**
 * Sets `key` in `map`, first dropping the oldest entry if the map already holds `capacity`:
 * a Map keeps its keys in the order they were set, so the first is the oldest.
 */
export function setKeepingAtMost<K, V>(map: Map<K, V>, capacity: number, key: K, value: V): void {
  if (map.size >= capacity) map.delete(map.keys().next().value!);
  map.set(key, value);
}
