import { SearchIcon, XIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Input } from "@/components/ui/input";

/**
 * The shop's search box. What is typed goes into the address (?q=) after a short pause, or at once on
 * Enter, so results can be shared and kept; a change of the address from elsewhere (the back button,
 * "Show all products") updates the box. At most 100 characters.
 */
export function ShopSearch({ query, onSearch }: { query: string; onSearch: (value: string) => void }) {
  const [text, setText] = useState(query);
  // The last value sent to the address: a change of `query` that is not ours replaces the box.
  const pushed = useRef(query);
  useEffect(() => {
    if (query !== pushed.current) {
      pushed.current = query;
      setText(query);
    }
  }, [query]);
  const send = (value: string) => {
    pushed.current = value;
    onSearch(value);
  };
  useEffect(() => {
    const value = text.trim();
    if (value === pushed.current) return;
    const t = setTimeout(() => {
      pushed.current = value;
      onSearch(value);
    }, 300);
    return () => clearTimeout(t);
  }, [text, onSearch]);

  return (
    <search className="relative sm:w-72">
      <form
        className="relative"
        onSubmit={(e) => {
          e.preventDefault();
          send(text.trim());
        }}
      >
        <label htmlFor="shop-search" className="sr-only">
          Search products
        </label>
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id="shop-search"
          type="search"
          placeholder="Search water, coffee, filters…"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="h-9 pr-8 pl-8"
          maxLength={100}
        />
        {text ? (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              setText("");
              send("");
            }}
            className="absolute top-1/2 right-1.5 inline-flex size-6 -translate-y-1/2 items-center justify-center rounded text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <XIcon aria-hidden="true" className="size-3.5" />
          </button>
        ) : null}
      </form>
    </search>
  );
}
