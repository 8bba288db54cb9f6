import { CalendarRangeIcon } from "lucide-react";
import { DocumentTitle } from "@/components/shell/document-title";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { addDays, todayIn } from "@/lib/format";
import { useOverview } from "@/lib/overview";
import { useHasPermission } from "@/lib/permissions";
import { PeriodPicker, type PeriodPreset, usePeriodParams } from "../components/period-picker";
import { PersonFilter, usePersonParam } from "../components/person-filter";
import { WorkTable } from "../components/work-table";
import { useBranchTimeZone, wallToInstant } from "../time";

const zoneName = (tz: string) => tz.split("/").pop()?.replace(/_/g, " ") ?? tz;

/**
 * team/my-work: the open activities assigned to the signed-in employee (or, for those who may see
 * others' work, to the person of ?person=), overdue first, by the branch's day, within a period.
 */
export default function MyWorkPage() {
  const timeZone = useBranchTimeZone();
  const today = todayIn(timeZone);
  const ownId = useOverview().overview?.employeePersonId;
  const mayChoose = useHasPermission()("CUSTOMER_ACCESS");
  const person = usePersonParam(ownId);
  const period = usePeriodParams({ from: null, to: null });
  const presets: PeriodPreset[] = [
    { id: "any", label: "Any time", from: null, to: null },
    { id: "today", label: "Today", from: today, to: today },
    { id: "7", label: "Next 7 days", from: today, to: addDays(today, 6) },
    { id: "30", label: "Next 30 days", from: today, to: addDays(today, 29) },
  ];
  const scope = {
    personId: mayChoose ? person.personId || null : null,
    from: period.from ? wallToInstant(period.from, timeZone)?.toISOString() : null,
    to: period.to ? wallToInstant(addDays(period.to, 1), timeZone)?.toISOString() : null,
  };
  const someoneElse = mayChoose && !!person.personId;
  const title = someoneElse ? `Work of ${person.name ?? "a colleague"}` : "My work";
  const bounded = !!(period.from || period.to);

  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={title} />
      <PageHeader
        title={title}
        description={`Open activities, overdue first. Days and times are the branch's (${zoneName(timeZone)} time).`}
        actions={mayChoose && ownId ? <PersonFilter value={person.personId || ownId} onChange={person.set} /> : null}
      >
        <PeriodPicker presets={presets} period={period} onChange={period.set} />
      </PageHeader>
      <WorkTable
        scope={scope}
        timeZone={timeZone}
        today={today}
        empty={
          bounded
            ? {
                title: "No open work in this period",
                description: "Nothing is scheduled between these days. Look at all open work, overdue included.",
                action: (
                  <Button variant="outline" onClick={() => period.set({ from: null, to: null })}>
                    <CalendarRangeIcon aria-hidden="true" />
                    Show all open work
                  </Button>
                ),
              }
            : someoneElse
              ? {
                  title: `Nothing is assigned to ${person.name ?? "this person"}`,
                  description: "Their open activities show here. Reassign work to them from your own list.",
                }
              : {
                  title: "Nothing on your plate",
                  description:
                    "Activities assigned to you show here, overdue first. Add work from a customer's project thread; colleagues can reassign theirs to you.",
                }
        }
      />
    </div>
  );
}
