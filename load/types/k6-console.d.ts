// k6 provides `console` (its log lines go to k6's output); @types/k6 does not declare it and
// the DOM library would bring far more than k6 has.
declare const console: {
  log(...values: unknown[]): void;
  info(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
  debug(...values: unknown[]): void;
};
