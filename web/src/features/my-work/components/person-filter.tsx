import { useLocation, useSearch } from "wouter";
import { FormField } from "@/components/ui/form-field";
import { useActivePersonnel } from "@/features/personnel/api";
import { PersonSelect } from "@/features/personnel/components/person-select";

// Whose work the page shows: the signed-in employee's unless the address names someone (?person=).

/** The person of the address ("" for the signed-in employee), their name, and a setter. */
export function usePersonParam(ownId: string | null | undefined) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const people = useActivePersonnel();
  const given = new URLSearchParams(search).get("person") ?? "";
  const personId = given === ownId ? "" : given;
  const name = personId ? (people.data?.activePersonnel.find((p) => p.id === personId)?.fullName ?? null) : null;
  const set = (id: string) => {
    const p = new URLSearchParams(search);
    if (!id || id === ownId) p.delete("person");
    else p.set("person", id);
    p.delete("page");
    const text = p.toString();
    navigate(`${location}${text ? `?${text}` : ""}`, { replace: true });
  };
  return { personId, name, set };
}

/** The "Whose work" select (only for those who may see others' work). */
export function PersonFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  return (
    <FormField label="Whose work" className="w-full sm:w-56">
      {(control) => <PersonSelect {...control} value={value} onValueChange={onChange} />}
    </FormField>
  );
}
