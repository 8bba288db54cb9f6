import { EditOrNewDialog, type EditOrNewWords, useDialogForm } from "@/components/edit-or-new-dialog";
import { SelectField, TextField } from "@/components/form";
import { SwitchFields, type SwitchSetting } from "@/components/switch-fields";
import {
  type SetupPriority,
  type SetupProject,
  useCreateProject,
  useCreateProjectType,
  usePatchProject,
  useSetupProjectTypes,
} from "../api";
import { PERSON_REFUSAL, withRefusalRules } from "../refusals";
import { NEW_TYPE, type ProjectValues, projectSchema } from "../schema";
import { PersonField } from "./person-field";

const EMPTY: ProjectValues = {
  description: "",
  typeId: "",
  newTypeName: "",
  defaultPersonId: "",
  defaultPriorityId: "",
  allowOrphans: false,
  marketing: false,
  inactive: false,
};

const WORDS: EditOrNewWords<SetupProject> = {
  new: { title: "New project", submitLabel: "Add project" },
  edit: { title: (p) => `Edit ${p.description}`, formLabel: "Edit project", submitLabel: "Save project" },
};

const SWITCHES: readonly SwitchSetting<ProjectValues>[] = [
  {
    name: "allowOrphans",
    label: "Allow orphans",
    description: "A run of this project may have no customer and no lead.",
  },
  { name: "marketing", label: "Marketing", description: "Counts as a marketing project in reports." },
  { name: "inactive", label: "Inactive", description: "No longer offered for new work; past work stays." },
];

const valuesOf = (p: SetupProject | null): ProjectValues =>
  p
    ? {
        ...EMPTY,
        description: p.description,
        typeId: p.type?.id ?? "",
        defaultPersonId: p.defaultPersonId ?? "",
        defaultPriorityId: p.defaultPriorityId ?? "",
        allowOrphans: p.allowOrphans,
        marketing: p.marketing,
        inactive: p.inactive,
      }
    : EMPTY;

/**
 * A project's fields, new or edited: description, type (an existing one, or a new one named here and
 * created first), who gets its work by default, its default priority and flags.
 */
export function ProjectDialog({
  open,
  onOpenChange,
  project,
  priorities,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The project to edit; null for a new one. */
  project: SetupProject | null;
  priorities: SetupPriority[];
}) {
  const form = useDialogForm(projectSchema, open, () => valuesOf(project), project?.id);
  const types = useSetupProjectTypes();
  const createType = useCreateProjectType();
  const create = useCreateProject();
  const patch = usePatchProject();

  const typeId = form.watch("typeId");
  const save = withRefusalRules(
    form,
    [
      [/^project type not found/i, "typeId"],
      [/project type/i, "newTypeName"],
      [/project named/i, "description"],
      [PERSON_REFUSAL, "defaultPersonId"],
      [/priority/i, "defaultPriorityId"],
    ],
    async (v: ProjectValues) => {
      let chosenType = v.typeId;
      if (chosenType === NEW_TYPE) {
        const made = await createType.mutateQuietly({ name: v.newTypeName });
        chosenType = made.createProjectType.projectType?.id ?? "";
        // The type exists now: a refused project below keeps it chosen rather than adding it twice.
        form.setValue("typeId", chosenType);
        form.setValue("newTypeName", "");
      }
      const input = {
        description: v.description,
        typeId: chosenType,
        defaultPersonId: v.defaultPersonId,
        defaultPriorityId: v.defaultPriorityId,
        allowOrphans: v.allowOrphans,
        marketing: v.marketing,
        inactive: v.inactive,
      };
      if (project) await patch.mutateQuietly({ id: project.id, input });
      else await create.mutateQuietly({ input });
    },
  );

  const typeOptions = [
    ...(types.data?.projectTypes ?? []).map((t) => ({ value: t.id, label: t.name })),
    { value: NEW_TYPE, label: "New type…" },
  ];
  const priorityOptions = priorities
    .filter((p) => !p.inactive || p.id === project?.defaultPriorityId)
    .map((p) => ({ value: p.id, label: p.inactive ? `${p.name} (inactive)` : p.name }));
  return (
    <EditOrNewDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      record={project}
      words={WORDS}
      description="A process your team follows, such as a sale, an install or a service call."
      pending={create.isPending || patch.isPending || createType.isPending}
      labels={{ description: "project description", defaultPriorityId: "priority" }}
      onSubmit={save}
    >
      <TextField
        control={form.control}
        name="description"
        label="Description"
        required
        placeholder="e.g. Cooler install"
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField control={form.control} name="typeId" label="Type" options={typeOptions} emptyLabel="No type" />
        <SelectField
          control={form.control}
          name="defaultPriorityId"
          label="Default priority"
          options={priorityOptions}
          emptyLabel="No priority"
        />
      </div>
      {typeId === NEW_TYPE ? (
        <TextField
          control={form.control}
          name="newTypeName"
          label="New type name"
          description="Added to the list of types when the project is saved."
          required
          placeholder="e.g. Installs"
        />
      ) : null}
      <PersonField
        control={form.control}
        name="defaultPersonId"
        label="Default person"
        description="Gets the project's work when neither the step nor the caller names someone."
      />
      <div className="grid gap-3 rounded-md border p-3">
        <SwitchFields control={form.control} settings={SWITCHES} />
      </div>
    </EditOrNewDialog>
  );
}
