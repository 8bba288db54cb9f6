import { useBranchBranding } from "@/features/account/api";

/** "Call us at (512) 555-0100" with the number kept on one line ("Call us" when the branch has none). */
export function CallUs({ lowercase = false }: { lowercase?: boolean }) {
  const { branding } = useBranchBranding();
  const call = lowercase ? "call us" : "Call us";
  if (!branding?.phone) return <>{call}</>;
  return (
    <>
      {call} at <span className="whitespace-nowrap">{branding.phone}</span>
    </>
  );
}
