// A value pasted into a printed command line (a replay line): quoted for a POSIX shell only when it must be,
// so the common line stays readable and a path with a space still replays.
const PLAIN = /^[A-Za-z0-9_./:=,@%+-]+$/;

export function shellWord(value: string): string {
  return PLAIN.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
