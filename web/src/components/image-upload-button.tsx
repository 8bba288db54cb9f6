import { UploadIcon } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ACCEPTED_IMAGE_TYPES } from "@/lib/media";

/**
 * A button that opens the file picker for one image (PNG, JPEG, WebP or GIF): a hidden file input
 * (named `inputLabel`, so tests can setInputFiles on it) and the visible button, which shows a spinner
 * and is disabled while `pending`. The picked file goes to `onFile`; the input is emptied so that the
 * same file can be picked again.
 */
export function ImageUploadButton({
  children,
  inputLabel,
  pending,
  onFile,
  size,
}: {
  /** The button's text ("Add image"). */
  children: React.ReactNode;
  inputLabel: string;
  pending: boolean;
  onFile: (file: File) => void;
  size?: React.ComponentProps<typeof Button>["size"];
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(",")}
        className="sr-only"
        aria-label={inputLabel}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onFile(file);
        }}
      />
      <Button type="button" variant="outline" size={size} onClick={() => input.current?.click()} disabled={pending}>
        {pending ? <Spinner size="sm" /> : <UploadIcon aria-hidden="true" />}
        {children}
      </Button>
    </>
  );
}
