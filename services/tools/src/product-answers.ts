/**
 * A person's product list as sent (the JSON text of GET /api/product/read-many), kept per person and replayed while
 * her products are unchanged (docs/decisions.md, "Product lists replayed while their version holds"). Building the
 * answer is most of the call's CPU: 200 products each with every computed figure (computeProfit) and about 200 KB
 * of JSON took 6-7 ms, where the version check is one indexed statement. The version comes from the database
 * (productListVersion), so every replica sees another's writes; a process keeps at most `maxBytes` of answers.
 */
export interface KeptProductList {
  /** productListVersion's value when the answer was built. */
  version: string;
  /** What the answer depends on besides the rows: the person's abilities. */
  variant: string;
  json: string;
}

export class ProductListAnswers {
  private readonly kept = new Map<number, KeptProductList>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  /** The kept answer when it was built for this version and variant. */
  get(userId: number, version: string, variant: string): string | undefined {
    const entry = this.kept.get(userId);
    if (!entry || entry.version !== version || entry.variant !== variant) return undefined;
    // Most recently used last: a Map keeps insertion order.
    this.kept.delete(userId);
    this.kept.set(userId, entry);
    return entry.json;
  }

  set(userId: number, entry: KeptProductList): void {
    this.forget(userId);
    if (entry.json.length > this.maxBytes) return;
    this.kept.set(userId, entry);
    this.bytes += entry.json.length;
    for (const [oldest, value] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= value.json.length;
    }
  }

  forget(userId: number): void {
    const entry = this.kept.get(userId);
    if (!entry) return;
    this.kept.delete(userId);
    this.bytes -= entry.json.length;
  }

  /** Characters of JSON kept (tests check the bound). */
  get size(): number {
    return this.bytes;
  }
}
