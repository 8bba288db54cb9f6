import { SearchIcon, SearchXIcon, XIcon } from "lucide-react";
import { type KeyboardEvent, type Ref, useDeferredValue, useId, useState } from "react";
import { QueryError } from "@/components/shell/query-error";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { graphql, type ResultOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { cn } from "@/lib/utils";

// The record picker of a TABLE_RECORD value: the chosen record by its label (not its id), and a
// dialog that finds the table's records by what is typed (a customer's name or account number, a
// person's name, a work order's number...). The value stays the record's id. The server decides what
// matches and who may see which table (recordOptions).

const RecordOptionsQuery = graphql(`
  query RecordOptions($tableId: TableIdentifier!, $search: String, $ids: [ID!], $take: Int) {
    recordOptions(tableId: $tableId, search: $search, ids: $ids, take: $take) {
      id
      label
      detail
    }
  }
`);
type RecordOption = ResultOf<typeof RecordOptionsQuery>["recordOptions"][number];

/** "customer", "work order": what the picker calls one record of a table. */
const nouns: Record<string, string> = {
  ACTIVITY: "activity",
  CUSTOMER: "customer",
  PERSON: "person",
  PROJECT: "project",
  PROJECT_THREAD: "project thread",
  SERVICE_ADDRESS: "service address",
  WAREHOUSE: "warehouse",
  WORK_ORDER: "work order",
};
const hints: Record<string, string> = {
  CUSTOMER: "Name or account number",
  PERSON: "First or last name",
  SERVICE_ADDRESS: "Street, city, postal code or customer",
  WORK_ORDER: "Number, name or customer",
  PROJECT_THREAD: "Project or customer",
  ACTIVITY: "Subject",
};
export const recordNoun = (tableId: string | null | undefined) => nouns[tableId ?? ""] ?? "record";

/** The chosen record's label, read by id (kept a minute). */
function useRecordLabel(tableId: string, id: string) {
  const q = useGqlQuery(
    RecordOptionsQuery,
    { tableId: tableId as never, ids: [id], search: null, take: null },
    { enabled: !!id && !!nouns[tableId], staleTime: 60_000 },
  );
  return {
    option: q.data?.recordOptions[0] ?? null,
    pending: q.isPending && !!id,
    missing: q.isSuccess && !q.data.recordOptions.length,
  };
}

export type RecordPickerProps = {
  tableId: string | null | undefined;
  value: string;
  onChange: (id: string) => void;
  onBlur?: () => void;
  /** The control's id and aria props from FormField. */
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
  ref?: Ref<HTMLButtonElement>;
  disabled?: boolean;
  /** The field's name, for the dialog's title and the clear button. */
  label: string;
  className?: string;
};

/** A button showing the chosen record, a clear button, and the dialog that finds another. */
export function RecordPicker({
  tableId,
  value,
  onChange,
  onBlur,
  disabled,
  label,
  className,
  ref,
  ...control
}: RecordPickerProps) {
  const [open, setOpen] = useState(false);
  const chosen = useRecordLabel(tableId ?? "", value);
  const noun = recordNoun(tableId);
  const shown = !value
    ? `Choose a ${noun}…`
    : chosen.pending
      ? "Loading…"
      : chosen.option
        ? chosen.option.label
        : `A ${noun} that is no longer found`;
  return (
    <div className={cn("flex min-w-0 gap-2", className)}>
      <Button
        {...control}
        ref={ref}
        type="button"
        variant="outline"
        disabled={disabled || !nouns[tableId ?? ""]}
        // Named with what is chosen, so a screen reader says it (the label alone would hide it).
        aria-label={`${label}: ${shown}`}
        onClick={() => setOpen(true)}
        onBlur={onBlur}
        className={cn("h-10 min-w-0 flex-1 justify-start font-normal", !value && "text-muted-foreground")}
      >
        <SearchIcon aria-hidden="true" />
        <span className="truncate">{shown}</span>
        {chosen.option?.detail ? (
          <span className="ml-auto truncate text-muted-foreground text-xs">{chosen.option.detail}</span>
        ) : null}
      </Button>
      {value && !disabled ? (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-10"
          aria-label={`Clear ${label}`}
          onClick={() => onChange("")}
        >
          <XIcon aria-hidden="true" />
        </Button>
      ) : null}
      {open && tableId ? (
        <RecordSearchDialog
          tableId={tableId}
          label={label}
          onPick={(o) => {
            onChange(o.id);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}

function RecordSearchDialog({
  tableId,
  label,
  onPick,
  onClose,
}: {
  tableId: string;
  label: string;
  onPick: (o: RecordOption) => void;
  onClose: () => void;
}) {
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search.trim());
  const listId = useId();
  const q = useGqlQuery(
    RecordOptionsQuery,
    { tableId: tableId as never, search: deferred || null, ids: null, take: 20 },
    { staleTime: 10_000, placeholderData: (previous) => previous },
  );
  const options = q.data?.recordOptions ?? [];
  const noun = recordNoun(tableId);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" && options[0]) {
      e.preventDefault();
      onPick(options[0]);
    }
    if (e.key === "ArrowDown") {
      e.preventDefault();
      document.getElementById(`${listId}-0`)?.focus();
    }
  };
  const onOptionKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const next = e.key === "ArrowDown" ? i + 1 : e.key === "ArrowUp" ? i - 1 : null;
    if (next === null) return;
    e.preventDefault();
    document.getElementById(next < 0 ? `${listId}-search` : `${listId}-${next}`)?.focus();
  };
  return (
    <Dialog open onOpenChange={(o) => (o ? null : onClose())}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{`Choose a ${noun}`}</DialogTitle>
          <DialogDescription>{`For “${label}”. Type to find one; Enter picks the first.`}</DialogDescription>
        </DialogHeader>
        <div className="relative">
          <SearchIcon
            aria-hidden="true"
            className="-translate-y-1/2 absolute top-1/2 left-2.5 size-4 text-muted-foreground"
          />
          <Input
            id={`${listId}-search`}
            type="search"
            autoFocus
            autoComplete="off"
            aria-label={`Find a ${noun}`}
            aria-controls={listId}
            placeholder={hints[tableId] ?? "Name"}
            className="pl-8"
            maxLength={100}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        {q.isError ? (
          <QueryError error={q.error} onRetry={() => q.refetch()} />
        ) : q.isPending ? (
          <Skeleton className="h-40" />
        ) : options.length === 0 ? (
          <EmptyState
            icon={<SearchXIcon />}
            title={`No ${noun} matches`}
            description={deferred ? "Try fewer letters, or another part of the name." : `This branch has none yet.`}
          />
        ) : (
          <ul
            id={listId}
            aria-label={`${noun[0]!.toUpperCase()}${noun.slice(1)} found`}
            className="-mx-1 grid max-h-80 gap-1 overflow-y-auto p-1"
          >
            {options.map((o, i) => (
              <li key={o.id}>
                <button
                  id={`${listId}-${i}`}
                  type="button"
                  className="grid w-full gap-0.5 rounded-md px-3 py-2 text-left outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => onPick(o)}
                  onKeyDown={(e) => onOptionKey(e, i)}
                >
                  <span className="truncate font-medium text-sm">{o.label}</span>
                  {o.detail ? <span className="truncate text-muted-foreground text-xs">{o.detail}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        )}
        {options.length === 20 ? (
          <p className="text-muted-foreground text-xs">The first 20 are shown: type more to narrow them.</p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
