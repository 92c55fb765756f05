/**
 * An open-addressing map from 32-bit feature hashes to accumulated weights: the
 * embedder's hot loop adds hundreds of features per message, several times faster than
 * a `Map`. Key 0 marks an empty slot, so feature hash 0 is stored as 1.
 */
export class FeatureTable {
  private keys: Uint32Array;
  private values: Float64Array;
  private mask: number;
  private used = 0;

  constructor(expected = 64) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.keys = new Uint32Array(capacity);
    this.values = new Float64Array(capacity);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.used;
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
    if (++this.used * 2 > this.keys.length) this.grow();
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
   * The occupied slots, in slot order. Built without a
   * branch per slot: occupancy is random, and a mispredicted branch on each of a table's
   * hundreds of slots cost more than the features themselves.
   */
  occupiedSlots(): Int32Array {
    // One spare element: the write for each empty slot after the last occupied one lands there.
    const slots = new Int32Array(this.used + 1);
    let count = 0;
    for (let slot = 0; slot < this.keys.length; slot++) {
      const key = this.keys[slot] as number;
      slots[count] = slot;
      // 1 for any non-zero 32-bit key, 0 for an empty slot.
      count += (key | -key) >>> 31;
    }
    return slots.subarray(0, count);
  }

  private grow(): void {
    const keys = this.keys;
    const values = this.values;
    this.keys = new Uint32Array(keys.length * 2);
    this.values = new Float64Array(keys.length * 2);
    this.mask = this.keys.length - 1;
    this.used = 0;
    for (let slot = 0; slot < keys.length; slot++) {
      const key = keys[slot] as number;
      if (key !== 0) this.add(key, values[slot] as number);
    }
  }
}
