// The names (planted faults, legal variants) a platform instance was started with: fixed at start, never
// changed by a request.
export class NameSet<Name extends string> {
  private readonly names: ReadonlySet<Name>;
  constructor(names: Iterable<Name> = []) {
    this.names = new Set(names);
  }
  has(name: Name): boolean {
    return this.names.has(name);
  }
  list(): Name[] {
    return [...this.names];
  }
  get size(): number {
    return this.names.size;
  }
}
