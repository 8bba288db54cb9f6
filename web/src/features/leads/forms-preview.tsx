import { type Control, useWatch } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { hasOptions, type LeadFormValues, optionLines } from "./forms-schema";

// What a visitor will see, drawn from the builder's unsaved values as they are typed: the title, the
// description and each question with its input; a question that depends on another says when it shows.
// With the appointment scheduler on, the times a visitor picks from (their zone's free windows).

function Field({ e }: { e: LeadFormValues["elements"][number] }) {
  const box = "h-11 w-full rounded-md border border-input bg-background px-3 text-muted-foreground text-sm";
  const options = optionLines(e.options);
  if (e.questionType === "CHECKBOX" || e.questionType === "SELECT_MULTIPLE" || e.questionType === "YES_NO") {
    const choices =
      e.questionType === "YES_NO"
        ? ["Yes", "No"]
        : e.questionType === "CHECKBOX"
          ? [e.questionText || "Checkbox"]
          : options;
    return (
      <span className="grid gap-1">
        {choices.map((o) => (
          <span key={o} className="flex items-center gap-2 text-sm">
            <span aria-hidden="true" className="size-4 rounded-sm border border-input" />
            {o}
          </span>
        ))}
      </span>
    );
  }
  if (e.questionType === "TEXT_AREA") return <span aria-hidden="true" className={`${box} block h-20`} />;
  return (
    <span aria-hidden="true" className={`${box} flex items-center`}>
      {hasOptions(e.questionType) || e.questionType === "STATE_CODE" ? "Choose…" : ""}
    </span>
  );
}

function SchedulerPreview() {
  return (
    <section className="grid gap-1.5" aria-label="Appointment scheduler">
      <span className="font-medium text-sm">When may we visit?</span>
      <span className="text-muted-foreground text-xs">
        The free times of the visitor's zone, found from their address (appointment slots minus those booked).
      </span>
      <span className="flex flex-wrap gap-2" aria-hidden="true">
        {["9–11 am", "11 am–1 pm", "1–3 pm"].map((t) => (
          <span key={t} className="flex h-9 items-center rounded-full border border-input px-3 text-sm">
            {t}
          </span>
        ))}
      </span>
    </section>
  );
}

export function LeadFormPreview({ control }: { control: Control<LeadFormValues> }) {
  const v = useWatch({ control });
  const elements = (v.elements ?? []) as LeadFormValues["elements"];
  const byKey = new Map(elements.map((e) => [e.key, e]));
  return (
    <Card aria-label="Preview" className="h-fit">
      <CardHeader>
        <p className="font-medium text-muted-foreground text-xs uppercase tracking-wide">Preview</p>
        <CardTitle asChild>
          <h2>{v.title || v.name || "Untitled form"}</h2>
        </CardTitle>
        {v.description ? <CardDescription className="whitespace-pre-line">{v.description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {elements.length === 0 ? <p className="text-muted-foreground text-sm">No questions yet.</p> : null}
        {elements.map((e, i) => {
          const parent = e.parentKey ? byKey.get(e.parentKey) : undefined;
          return (
            <div key={e.key || i} className="grid gap-1.5">
              <span className="font-medium text-sm">
                {e.questionType === "CHECKBOX" ? null : e.questionText || `Question ${i + 1}`}
                {e.isRequired ? (
                  <>
                    <span className="text-destructive" aria-hidden="true">
                      {" "}
                      *
                    </span>
                    <span className="sr-only"> (required)</span>
                  </>
                ) : null}
              </span>
              {parent ? (
                <Badge variant="outline" className="whitespace-normal">
                  Shown when “{parent.questionText || "its parent"}” is “{e.showIfParentEquals}”
                </Badge>
              ) : null}
              <Field e={e} />
            </div>
          );
        })}
        {v.hasAppointmentScheduler ? <SchedulerPreview /> : null}
        <span className="flex h-11 items-center justify-center rounded-md bg-primary font-medium text-primary-foreground text-sm">
          Send
        </span>
      </CardContent>
    </Card>
  );
}
