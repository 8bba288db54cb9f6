import { ImageUpIcon, Trash2Icon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { fileToBase64, imageFileProblem } from "@/lib/media";
import { describeMutationError } from "@/lib/use-gql-mutation";
import { type PersonDetail, useSetPersonPhoto } from "../api";
import { PersonAvatar } from "./person-avatar";

/** The person's photo with Upload (PNG, JPEG, WebP or GIF up to 5 MB) and Remove; saved at once. */
export function PersonPhoto({ person, canEdit }: { person: PersonDetail; canEdit: boolean }) {
  const setPhoto = useSetPersonPhoto();
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  async function save(file: File | null) {
    setProblem(null);
    const wrong = file ? imageFileProblem(file) : null;
    if (wrong) return setProblem(wrong);
    // A refusal or failure shows beside the buttons, not in a toast.
    try {
      const input = file ? { fileName: file.name, dataBase64: await fileToBase64(file) } : null;
      await setPhoto.mutateQuietly({ personId: person.id, input });
    } catch (error) {
      setProblem(describeMutationError(error));
    }
  }

  return (
    <div className="flex items-center gap-4">
      <PersonAvatar name={person.fullName} photoUrl={person.photoUrl} className="size-16 text-lg" />
      {canEdit ? (
        <div className="grid gap-1.5">
          <div className="flex flex-wrap gap-2">
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              className="sr-only"
              tabIndex={-1}
              aria-label="Photo file"
              onChange={(e) => {
                void save(e.target.files?.[0] ?? null);
                e.target.value = "";
              }}
            />
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={setPhoto.isPending}
              aria-describedby={problem ? problemId : undefined}
              onClick={() => fileInput.current?.click()}
            >
              {setPhoto.isPending ? <Spinner size="sm" /> : <ImageUpIcon aria-hidden="true" />}
              {person.photoUrl ? "Change photo" : "Upload photo"}
            </Button>
            {person.photoUrl ? (
              <Button type="button" variant="ghost" size="sm" disabled={setPhoto.isPending} onClick={() => save(null)}>
                <Trash2Icon aria-hidden="true" />
                Remove photo
              </Button>
            ) : null}
          </div>
          {problem ? (
            <p id={problemId} role="alert" className="text-destructive text-sm">
              {problem}
            </p>
          ) : (
            <p className="text-muted-foreground text-xs">PNG, JPEG, WebP or GIF, up to 5 MB.</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
