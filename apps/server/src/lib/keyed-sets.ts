/**
 * Adds `value` to the set kept under `key`, made on first use. Answers that
 * set, and a removal that takes the value out again and forgets the key once
 * its set is empty (unless the key has since been given another set).
 */
export function addToKeyedSet<Key, Value>(
  sets: Map<Key, Set<Value>>,
  key: Key,
  value: Value,
): { set: Set<Value>; remove: () => void } {
  let set = sets.get(key);
  if (!set) {
    set = new Set();
    sets.set(key, set);
  }
  set.add(value);
  const own = set;
  return {
    set: own,
    remove: () => {
      own.delete(value);
      if (own.size === 0 && sets.get(key) === own) sets.delete(key);
    },
  };
}
