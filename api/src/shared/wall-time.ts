// Wall time of a time zone: what a clock on the branch's wall reads at an instant, and the instant a
// wall time happens. Work is planned in the branch's zone whatever the server's or browser's zone, so
// the API (where the branch's day starts) and the web (times typed in forms, periods) share this.

const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall clock at `instant`: year, month (1-12), day, hour, minute, second. */
export function wallParts(instant: Date, timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(timeZone, f);
  }
  const parts = f.formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: get("year"), mo: get("month"), d: get("day"), h: get("hour"), mi: get("minute"), s: get("second") };
}

/** The zone's calendar date ("YYYY-MM-DD") and hour (0-23) at `instant`: the branch's "today". */
export function wallDateAndHour(instant: Date, timeZone: string): { date: string; hour: number } {
  const w = wallParts(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return { date: `${w.y}-${two(w.mo)}-${two(w.d)}`, hour: w.h };
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: Date, timeZone: string) {
  const w = wallParts(instant, timeZone);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant the zone's wall time (y, mo 1-12, d, h, mi; overflowing values roll over) happens. */
export function wallInstant(timeZone: string, y: number, mo: number, d: number, h = 0, mi = 0): Date {
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // Twice: the offset at the guess, then at the instant found (a day that changes clocks).
  let t = asUtc - offsetAt(new Date(asUtc), timeZone);
  t = asUtc - offsetAt(new Date(t), timeZone);
  return new Date(t);
}
