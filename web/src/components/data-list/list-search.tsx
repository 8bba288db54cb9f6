import { SearchIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/**
 * The search box of a list: what is typed reaches `onSearch` after a short pause (300 ms), so the
 * address and the query change once per word, not per key.
 */
export function ListSearch({
  value,
  onSearch,
  label,
  placeholder,
  className,
}: {
  value: string;
  onSearch: (q: string) => void;
  label: string;
  placeholder?: string;
  className?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text restarts the pause
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const t = setTimeout(() => onSearch(text), 300);
    return () => clearTimeout(t);
  }, [text]);
  return (
    <div className={cn("relative flex-1", className)}>
      <SearchIcon
        aria-hidden="true"
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="pl-8"
      />
    </div>
  );
}
