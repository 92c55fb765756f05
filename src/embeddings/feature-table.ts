/**
 * An open-addressing map from 32-bit feature hashes to accumulated weights: the
 * embedder's hot loop adds hundreds of features per message, several times faster than
 * a `Map`. Key 0 marks an empty slot, so feature hash 0 is stored as 1.
 *
 * `reset` empties a table for reuse: the embedder keeps one per feature group instead of
 * allocating typed arrays for every message. Its arrays only grow (bounded by the
 * embedder's cut of long texts); `capacity` is the part in use, the same as a new table's
 * would be, so the slots (and their order, which vectors depend on) are the same too.
 */
export class FeatureTable {
  private keys = new Uint32Array(0);
  private values = new Float64Array(0);
  // The arrays `grow` rehashes into; the old ones become the spares.
  private spareKeys = new Uint32Array(0);
  private spareValues = new Float64Array(0);
  private slots = new Int32Array(0);
  private capacity = 0;
  private mask = 0;
  private used = 0;

  constructor(expected = 64) {
    this.reset(expected);
  }

  get size(): number {
    return this.used;
  }

  /** Empties the table, sized for about `expected` features as `new FeatureTable(expected)` is. */
  reset(expected: number): void {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    if (this.keys.length < capacity) {
      this.keys = new Uint32Array(capacity);
      this.values = new Float64Array(capacity);
    } else {
      this.keys.fill(0, 0, capacity);
    }
    this.capacity = capacity;
    this.mask = capacity - 1;
    this.used = 0;
  }

  add(hash: number, weight: number): void {
    const key = hash >>> 0 || 1;
    let slot = Math.imul(key, 0x9e3779b1) >>> 0 & this.mask;
    for (;;) {
      const current = this.keys[slot] as number;
      if (current === key) {
        this.values[slot] = (this.values[slot] as number) + weight;
        return;
      }
      if (current === 0) break;
      slot = (slot + 1) & this.mask;
    }
    this.keys[slot] = key;
    this.values[slot] = weight;
    if (++this.used * 2 > this.capacity) this.grow();
  }

  /** The hash stored in an occupied slot (see `occupiedSlots`). */
  keyAt(slot: number): number {
    return this.keys[slot] as number;
  }

  /** The weight accumulated in an occupied slot. */
  weightAt(slot: number): number {
    return this.values[slot] as number;
  }

  /**
   * The occupied slots, in slot order, valid until the table next changes (the array is
   * reused). Built without a branch per slot: occupancy is random, and a mispredicted
   * branch on each of a table's hundreds of slots cost more than the features themselves.
   */
  occupiedSlots(): Int32Array {
    // One spare element: the write for each empty slot after the last occupied one lands there.
    if (this.slots.length < this.used + 1) this.slots = new Int32Array(this.capacity);
    const slots = this.slots;
    const keys = this.keys;
    let count = 0;
    for (let slot = 0; slot < this.capacity; slot++) {
      const key = keys[slot] as number;
      slots[count] = slot;
      // 1 for any non-zero 32-bit key, 0 for an empty slot.
      count += (key | -key) >>> 31;
    }
    return slots.subarray(0, count);
  }

  private grow(): void {
    const keys = this.keys;
    const values = this.values;
    const oldCapacity = this.capacity;
    const capacity = oldCapacity * 2;
    if (this.spareKeys.length < capacity) {
      this.spareKeys = new Uint32Array(capacity);
      this.spareValues = new Float64Array(capacity);
    } else {
      this.spareKeys.fill(0, 0, capacity);
    }
    this.keys = this.spareKeys;
    this.values = this.spareValues;
    this.spareKeys = keys;
    this.spareValues = values;
    this.capacity = capacity;
    this.mask = capacity - 1;
    this.used = 0;
    for (let slot = 0; slot < oldCapacity; slot++) {
      const key = keys[slot] as number;
      if (key !== 0) this.add(key, values[slot] as number);
    }
  }
}
