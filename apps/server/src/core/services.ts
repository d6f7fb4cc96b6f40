/**
 * What modules provide to each other, by name. Each module's entry adds the names it provides by
 * declaration merging:
 *
 * ```ts
 * declare module '../../core/services.js' {
 *   interface Services { runScope: RunScope }
 * }
 * ```
 *
 * so a module that needs another's service asks the registry for it, typed, without importing the
 * other module's files.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Services {}

export type ServiceName = keyof Services;

/**
 * The services of a running server. A module provides its services while it registers; modules
 * listed after it may use them. Asking for a service nobody provided is a wiring mistake of the
 * module list and fails at start-up, never during a request.
 */
export class ServiceRegistry {
  private readonly provided: Partial<Services> = {};

  provide<K extends ServiceName>(name: K, service: Services[K]): void {
    if (this.provided[name] !== undefined) throw new Error(`service '${String(name)}' is provided twice`);
    this.provided[name] = service;
  }

  get<K extends ServiceName>(name: K): Services[K] {
    const service = this.provided[name];
    if (service === undefined) throw new Error(`service '${String(name)}' is not provided: list its module before the modules that use it`);
    return service;
  }

  has(name: ServiceName): boolean {
    return this.provided[name] !== undefined;
  }

  /**
   * A service of a module listed later, read when it is first used (at request time). For the few
   * modules that need each other — administration assigns users to runs, runs are scoped by
   * administration's grants — one of the two takes the other's service this way. `verify()` fails
   * the start-up when such a service was never provided.
   */
  later<K extends ServiceName>(name: K): () => Services[K] {
    this.promised.add(name);
    return () => this.get(name);
  }

  /** Throws when a service some module asked for with `later` was never provided. */
  verify(): void {
    const missing = [...this.promised].filter((name) => !this.has(name));
    if (missing.length > 0) throw new Error(`services never provided: ${missing.join(', ')}`);
  }

  private readonly promised = new Set<ServiceName>();
}
