import { DocumentTitle } from "@/components/shell/document-title";

/** A path no page of a signed-in area (the team area, the admin console) answers, inside its layout. */
export function AreaNotFound({ area }: { area: "team" | "admin" }) {
  return (
    <div className="grid gap-2 py-10">
      <DocumentTitle title="Page not found" />
      <h1 className="font-semibold text-2xl">404</h1>
      <p className="text-muted-foreground">This {area} page doesn't exist. Pick a page from the menu.</p>
    </div>
  );
}
