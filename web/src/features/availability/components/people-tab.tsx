import { PencilIcon } from "lucide-react";
import { useState } from "react";
import { QueryError } from "@/components/shell/query-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { dayLabel, hhmm, type PersonAvailability, usePersonAvailabilities, type Weekday } from "../api";
import { EditPersonDialog } from "./edit-person-dialog";

/** "Mon 09:00–17:00 · Tue 09:00–12:00, 13:00–17:00" */
function summary(row: PersonAvailability) {
  if (!row.weekly.length) return "No working hours set";
  const byDay = new Map<string, string[]>();
  for (const w of row.weekly) {
    const list = byDay.get(w.weekday) ?? [];
    list.push(`${hhmm(w.startMinute)}–${hhmm(w.endMinute)}`);
    byDay.set(w.weekday, list);
  }
  return [...byDay.entries()].map(([d, t]) => `${dayLabel(d as Weekday)} ${t.join(", ")}`).join(" · ");
}

/** Everyone's weekly hours and time off, filtered by name or job title; Edit opens the person's form. */
export function PeopleTab() {
  const q = usePersonAvailabilities();
  const [editing, setEditing] = useState<PersonAvailability | null>(null);
  const [filter, setFilter] = useState("");
  if (q.isPending) return <Skeleton className="h-64" />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} />;
  const rows = q.data.personAvailabilities.filter((r) =>
    `${r.person.fullName} ${r.person.jobTitle}`.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  return (
    <div className="grid grid-cols-1 gap-3">
      <Input
        type="search"
        aria-label="Filter people"
        placeholder="Filter by name or job title"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <Card className="gap-0 divide-y py-0">
        {rows.map((r) => (
          <section key={r.person.id} className="flex items-center gap-3 p-3" aria-label={r.person.fullName}>
            <div className="grid min-w-0 flex-1 gap-0.5">
              <span className="font-medium text-sm">
                {r.person.fullName}{" "}
                <span className="font-normal text-muted-foreground">· {r.person.jobTitle || "—"}</span>
              </span>
              <span className="text-muted-foreground text-xs">{summary(r)}</span>
              {r.timeOff.length ? (
                <span className="flex flex-wrap gap-1">
                  {r.timeOff.map((t) => (
                    <Badge key={t.id} variant="warning">
                      Off {t.startDate}
                      {t.endDate !== t.startDate ? ` – ${t.endDate}` : ""}
                      {t.reason ? ` (${t.reason})` : ""}
                    </Badge>
                  ))}
                </span>
              ) : null}
            </div>
            <Button variant="outline" size="sm" onClick={() => setEditing(r)} aria-label={`Edit ${r.person.fullName}`}>
              <PencilIcon aria-hidden="true" />
              Edit
            </Button>
          </section>
        ))}
      </Card>
      <EditPersonDialog row={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
