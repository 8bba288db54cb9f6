// <input type="datetime-local"> speaks the browser's local time without a zone; the API speaks ISO instants.

/** An ISO instant as "YYYY-MM-DDTHH:mm" in local time. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "YYYY-MM-DDTHH:mm" (local time) as an ISO instant. */
export function fromLocalInput(value: string): string {
  return new Date(value).toISOString();
}

const format = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
export const formatWhen = (iso: string) => format.format(new Date(iso));
