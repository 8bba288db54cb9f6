import { ArrowRightIcon, MoreHorizontalIcon } from "lucide-react";
import { type DragEvent, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { formatDateTime, formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { PipelineCard, PipelineColumn } from "./pipeline-api";

// The board: a column per step (scrolling sideways on a phone), a card per lead. A card moves by
// dragging it onto another column, or from the keyboard with its "Move to…" menu (every card is a tab
// stop; Alt+Arrow keys move it one column).

export type Move = (card: PipelineCard, fromStepId: string, toStepId: string) => void;
const DRAG_TYPE = "application/x-lead-card";

/** "5m", "3h", "12d", "4mo": how long ago. */
function age(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes}m`;
  if (minutes < 60 * 24) return `${Math.round(minutes / 60)}h`;
  if (minutes < 60 * 24 * 60) return `${Math.round(minutes / 1440)}d`;
  return `${Math.round(minutes / 43_200)}mo`;
}

function Card({
  card,
  column,
  columns,
  onMove,
}: {
  card: PipelineCard;
  column: PipelineColumn;
  columns: PipelineColumn[];
  onMove?: Move;
}) {
  const l = card.lead;
  const targets = columns.filter((c) => c.stepId !== column.stepId && !c.inactive);
  const neighbour = (step: number) => {
    const i = columns.findIndex((c) => c.stepId === column.stepId) + step;
    const next = columns[i];
    return next && !next.inactive ? next : undefined;
  };
  return (
    <article
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a card is a tab stop, so Alt+Arrow moves it from the keyboard
      tabIndex={0}
      draggable={!!onMove}
      aria-label={`${l.name}, at ${column.description}`}
      data-lead-card={l.id}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ leadId: l.id, from: column.stepId }));
        e.dataTransfer.effectAllowed = "move";
      }}
      onKeyDown={(e) => {
        if (!onMove || !e.altKey || (e.key !== "ArrowRight" && e.key !== "ArrowLeft")) return;
        const to = neighbour(e.key === "ArrowRight" ? 1 : -1);
        if (to) {
          e.preventDefault();
          onMove(card, column.stepId, to.stepId);
        }
      }}
      className={cn(
        "group grid gap-1 rounded-md border bg-card p-3 text-card-foreground shadow-xs outline-none",
        "focus-visible:ring-2 focus-visible:ring-ring",
        onMove && "cursor-grab active:cursor-grabbing",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <span className="min-w-0 truncate font-medium text-sm">{l.name}</span>
        {onMove && targets.length ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className="-mt-1 -mr-1 size-7" aria-label={`Move ${l.name} to…`}>
                <MoreHorizontalIcon aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuLabel>Move to…</DropdownMenuLabel>
              <DropdownMenuSeparator />
              {targets.map((t) => (
                <DropdownMenuItem key={t.stepId} onSelect={() => onMove(card, column.stepId, t.stepId)}>
                  <ArrowRightIcon aria-hidden="true" />
                  {t.description}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-x-2 text-muted-foreground text-xs">
        <span>{l.leadSourceName ?? "No source"}</span>
        <span aria-hidden="true">·</span>
        <span>{l.personName ?? "Unassigned"}</span>
      </div>
      <div className="flex items-center justify-between gap-2 text-muted-foreground text-xs">
        <span title={`Entered ${formatDateTime(l.enteredTime)}`}>
          <span className="sr-only">Age </span>
          {age(l.enteredTime)} old
        </span>
        <span title={`At this step since ${formatDateTime(card.since)}`}>{age(card.since)} here</span>
      </div>
    </article>
  );
}

function Column({
  column,
  columns,
  onMove,
  cardOf,
}: {
  column: PipelineColumn;
  columns: PipelineColumn[];
  onMove?: Move;
  cardOf: (leadId: string) => { card: PipelineCard; from: string } | undefined;
}) {
  const [over, setOver] = useState(false);
  const accepts = (e: DragEvent) => !!onMove && !column.inactive && e.dataTransfer.types.includes(DRAG_TYPE);
  const more = column.count - column.cards.length;
  const headingId = `step-${column.stepId}`;
  return (
    <section
      aria-labelledby={headingId}
      data-step={column.description}
      onDragOver={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "move";
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        if (!accepts(e)) return;
        e.preventDefault();
        const { leadId } = JSON.parse(e.dataTransfer.getData(DRAG_TYPE)) as { leadId: string };
        const found = cardOf(leadId);
        if (found && found.from !== column.stepId) onMove?.(found.card, found.from, column.stepId);
      }}
      className={cn(
        "flex w-72 shrink-0 snap-start flex-col gap-2 rounded-lg border bg-muted/40 p-2 lg:w-0 lg:min-w-52 lg:flex-1",
        over && "border-primary bg-primary/5",
      )}
    >
      <header className="flex items-center justify-between gap-2 px-1 pt-1">
        <h2 id={headingId} className="truncate font-semibold text-sm">
          {column.description}
          {column.inactive ? <span className="font-normal text-muted-foreground"> (inactive)</span> : null}
        </h2>
        <Badge variant="secondary" className="tabular-nums" aria-label={`${formatNumber(column.count)} leads`}>
          {formatNumber(column.count)}
        </Badge>
      </header>
      {column.cards.length ? (
        <ul className="grid gap-2">
          {column.cards.map((card) => (
            <li key={card.lead.id}>
              <Card card={card} column={column} columns={columns} onMove={onMove} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-md border border-dashed px-3 py-6 text-center text-muted-foreground text-xs">
          No leads at this step
        </p>
      )}
      {more > 0 ? (
        <p className="px-1 text-muted-foreground text-xs">and {formatNumber(more)} more (newest shown)</p>
      ) : null}
    </section>
  );
}

export function PipelineBoard({ columns, onMove }: { columns: PipelineColumn[]; onMove?: Move }) {
  const cardOf = (leadId: string) => {
    for (const c of columns) {
      const card = c.cards.find((k) => k.lead.id === leadId);
      if (card) return { card, from: c.stepId };
    }
    return undefined;
  };
  // `relative`: the board is the containing block of what is absolutely placed in its cards (the
  // screen-reader-only words), so they scroll with the columns instead of widening the page past a phone.
  return (
    <div className="relative -mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-3 [contain:inline-size] sm:mx-0 sm:px-0">
      {columns.map((c) => (
        <Column key={c.stepId} column={c} columns={columns} onMove={onMove} cardOf={cardOf} />
      ))}
    </div>
  );
}
