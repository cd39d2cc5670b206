// A localStorage with a quota, for node tests of the storage modules: the
// origin's keys plus values may hold `quota` UTF-16 code units (Chromium's is
// 5 Mi, measured: web/restore.js); a write past it throws a
// QuotaExceededError as the browser's does and changes nothing. Every write
// and removal is logged in order; `failAt` makes the n-th write (1-based)
// throw whatever the room, `readBack` can change what a read returns.

export const CHROMIUM_QUOTA = 5 * 1024 * 1024;

export class QuotaStorage {
  /**
   * @param {object} [options]
   * @param {number} [options.quota] code units for keys plus values
   * @param {Record<string, string>} [options.items] stored at the start (not logged)
   * @param {number | null} [options.failAt] the write (1-based, counting every setItem) that throws
   * @param {(key: string, value: string) => string} [options.readBack] what getItem returns for a stored value
   */
  constructor({ quota = CHROMIUM_QUOTA, items = {}, failAt = null, readBack = (_key, value) => value } = {}) {
    this.quota = quota;
    this.failAt = failAt;
    this.readBack = readBack;
    /** @type {Map<string, string>} */
    this.map = new Map(Object.entries(items));
    /** @type {Array<["set", string, string] | ["remove", string]>} */
    this.log = [];
    this.writes = 0;
    if (this.used() > quota) throw new Error("the items do not fit the quota");
  }

  get length() {
    return this.map.size;
  }

  /** @param {number} index */
  key(index) {
    return [...this.map.keys()][index] ?? null;
  }

  /** @param {string} key */
  getItem(key) {
    const value = this.map.get(String(key));
    return value === undefined ? null : this.readBack(String(key), value);
  }

  /** @param {string} key @param {string} value */
  setItem(key, value) {
    key = String(key);
    value = String(value);
    this.writes += 1;
    if (this.writes === this.failAt) throw new DOMException(`write ${this.writes} fails (test)`, "QuotaExceededError");
    const old = this.map.has(key) ? key.length + this.map.get(key).length : 0;
    if (this.used() - old + key.length + value.length > this.quota) {
      throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, "QuotaExceededError");
    }
    this.map.set(key, value);
    this.log.push(["set", key, value]);
  }

  /** @param {string} key */
  removeItem(key) {
    key = String(key);
    if (!this.map.has(key)) return;
    this.map.delete(key);
    this.log.push(["remove", key]);
  }

  clear() {
    [...this.map.keys()].forEach((key) => this.removeItem(key));
  }

  /** Code units held now, keys included. */
  used() {
    let sum = 0;
    for (const [key, value] of this.map) sum += key.length + value.length;
    return sum;
  }

  /** @returns {Record<string, string>} every key and value, as stored */
  snapshot() {
    return Object.fromEntries(this.map);
  }
}
