import { FlaskConicalIcon } from "lucide-react";

/** Sandbox mode only: the documented test numbers, as a small hint. */
export function SandboxHint({ numbers }: { numbers: string[] }) {
  if (!numbers.length) return null;
  return (
    <details className="rounded-md border border-info/40 border-dashed bg-info/5 px-3 py-2 text-xs">
      <summary className="flex cursor-pointer items-center gap-1.5 font-medium text-info">
        <FlaskConicalIcon aria-hidden="true" className="size-3.5" />
        Test mode: no real money moves. Show test numbers
      </summary>
      <ul className="mt-2 grid gap-0.5 text-muted-foreground">
        {numbers.map((n) => (
          <li key={n} className="font-mono">
            {n}
          </li>
        ))}
        <li>Any future expiration date and any 3-digit security code work.</li>
      </ul>
    </details>
  );
}
