import type { ReactNode } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

/** One tab of a page: its value (in the address), its trigger's label and what it shows. */
export type PageTab = { value: string; label: ReactNode; content: ReactNode };

/** A page's tabs, in the list's order: the triggers in a row, then the chosen tab's content. */
export function PageTabs({
  value,
  onValueChange,
  tabs,
  className,
  contentClassName,
}: {
  value: string;
  onValueChange: (value: string) => void;
  tabs: readonly PageTab[];
  className?: string;
  contentClassName?: string;
}) {
  return (
    <Tabs value={value} onValueChange={onValueChange} className={className}>
      <TabsList>
        {tabs.map((t) => (
          <TabsTrigger key={t.value} value={t.value}>
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((t) => (
        <TabsContent key={t.value} value={t.value} className={contentClassName}>
          {t.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
