// IANA timezone names. Intl.supportedValuesOf('timeZone') lists ICU's canonical names, which are
// still the old ones for some zones (Asia/Calcutta, not Asia/Kolkata; America/Buenos_Aires, not
// America/Argentina/Buenos_Aires), so a set of them rejects the current names. Asking Intl to use
// the zone accepts every name the runtime knows, old and new.
const known = new Map<string, boolean>();

/** Whether the runtime knows `name` as an IANA timezone (a fixed offset such as "+02:00" is not one). */
export function isTimezone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  let ok = known.get(name);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: name });
      ok = true;
    } catch {
      ok = false;
    }
    known.set(name, ok);
  }
  return ok;
}
