import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1] & { level?: string };
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** A logger that may say whether it writes a level (pino's do). */
export type Leveled = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };

/**
 * A request's logger that becomes a real child logger (pino's `child`, with the request id bound and the redaction
 * applied to the bindings) only when it writes a line. Fastify makes a child per request; at the default level a fast
 * answer writes nothing (see `requestLog` in app.ts), so the hot routes no longer pay for a child they never use.
 * A call at a level the logger does not write returns before creating it. Lines written are the same as the child's.
 */
export class LazyChildLogger implements FastifyBaseLogger {
  private real?: Leveled;

  constructor(
    private readonly parent: Leveled,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  /** The child itself, made on first use. */
  private get logger(): Leveled {
    this.real ??= this.parent.child(this.bindings, this.options) as Leveled;
    return this.real;
  }

  get level(): string {
    return this.real?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  isLevelEnabled(level: string): boolean {
    // a route's own level (or a level set on this logger) is the child's to decide
    if (this.real || this.options.level !== undefined) return this.logger.isLevelEnabled?.(level) ?? true;
    return this.parent.isLevelEnabled?.(level) ?? true;
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    (this.logger[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made lazily. */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) => new LazyChildLogger(logger as Leveled, bindings, options ?? {});
