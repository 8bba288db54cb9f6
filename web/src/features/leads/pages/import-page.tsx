import { guessLeadMapping, LEAD_IMPORT_FIELDS, leadImportFieldLabels } from "@shared/lead-import-fields.ts";
import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { z } from "zod";
import { ListPage } from "@/components/data-list/list-page";
import { FormCard, SelectField, useZodForm } from "@/components/form";
import { namedOptions } from "@/components/named-options";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ImportFileCard } from "../components/import-file-card";
import { ImportRowsTable } from "../components/import-rows-table";
import { useDryRun, useImportFile, useImportSources } from "../import-api";
import { IMPORT_MAX_BYTES, readHeader } from "../import-file";

// team/leads/import: choose a CSV file (its header row is read here, on the computer), map its columns
// to lead fields (guessed from the headers, or as last used for the chosen source), check it (the dry
// run: every row's outcome, nothing written), then import it with a progress bar. The checked file's
// id is kept in the address (?file=), so a reload finds the dry run or the running import again.

const NONE = "";
const schema = z.object({ leadSourceId: z.string(), columns: z.array(z.string()) });
type Values = z.infer<typeof schema>;
const fieldOptions = LEAD_IMPORT_FIELDS.map((f) => ({ value: f, label: leadImportFieldLabels[f] }));

function MappingForm({ file, headers }: { file: File; headers: string[] }) {
  const [, navigate] = useLocation();
  const sources = useImportSources().data?.leadImportSources ?? [];
  const dryRun = useDryRun();
  const guess = (sourceId: string) => {
    const mapping = guessLeadMapping(headers, sources.find((s) => s.id === sourceId)?.mapping ?? []);
    return headers.map((h) => mapping.find((m) => m.column === h)?.field ?? NONE);
  };
  const form = useZodForm(schema, { leadSourceId: NONE, columns: guess(NONE) });
  const submit = async (v: Values) => {
    const mapping = headers.flatMap((column, i) =>
      v.columns[i] ? [{ column, field: v.columns[i] as (typeof LEAD_IMPORT_FIELDS)[number] }] : [],
    );
    const r = await dryRun.mutateAsync({ file, leadSourceId: v.leadSourceId || null, mapping }).catch(() => null);
    form.reset(v);
    if (r?.fileId) navigate(`?file=${r.fileId}`);
  };
  return (
    <FormCard
      form={form}
      title="Map columns"
      description={`Which lead field each column of ${file.name} fills. Checking the file writes no lead: you see every row's outcome first.`}
      onSubmit={submit}
      submitLabel="Check file"
      pending={dryRun.isPending}
      contentClassName="grid gap-4 sm:grid-cols-2"
    >
      <SelectField
        control={form.control}
        name="leadSourceId"
        label="Lead source"
        emptyLabel="No source"
        options={namedOptions(sources)}
        description="Its leads get this source; the mapping is remembered for it."
        className="sm:col-span-2"
      />
      {headers.map((h, i) => (
        <SelectField
          key={h}
          control={form.control}
          name={`columns.${i}`}
          label={`Column "${h}"`}
          emptyLabel="Not imported"
          options={fieldOptions}
        />
      ))}
    </FormCard>
  );
}

function ChooseFile() {
  const [chosen, setChosen] = useState<{ file: File; headers: string[] } | null>(null);
  const [problem, setProblem] = useState("");
  const choose = async (file: File | undefined) => {
    setProblem("");
    setChosen(null);
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setProblem(`${file.name} is larger than 50 MB: split it into smaller files.`);
      return;
    }
    const headers = await readHeader(file);
    if (!headers.length) setProblem(`${file.name} is empty: it has no header row.`);
    else setChosen({ file, headers });
  };
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Choose a CSV file</CardTitle>
          <CardDescription>
            UTF-8 text with a header row of column names; at most 50 MB and 100,000 rows.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <Label htmlFor="lead-import-file">CSV file</Label>
          <Input
            id="lead-import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => choose(e.currentTarget.files?.[0])}
          />
          {problem ? (
            <Alert variant="destructive">
              <AlertDescription>{problem}</AlertDescription>
            </Alert>
          ) : null}
        </CardContent>
      </Card>
      {chosen ? <MappingForm key={`${chosen.file.name}-${chosen.file.size}`} {...chosen} /> : null}
    </div>
  );
}

function CheckedFile({ id }: { id: string }) {
  const q = useImportFile(id);
  const file = q.data?.leadImportFile;
  if (q.isError)
    return (
      <Alert variant="destructive">
        <AlertDescription>This file was not found. Choose a file to import.</AlertDescription>
      </Alert>
    );
  if (!file) return <Spinner />;
  return (
    <div className="grid gap-4">
      <ImportFileCard file={file} />
      {file.status === "COMMITTED" ? (
        <p className="text-sm">
          Imported. See it with the others in{" "}
          <Link href="/team/leads/previous-imports" className="underline">
            previous imports
          </Link>
          .
        </p>
      ) : null}
      <ImportRowsTable file={file} />
    </div>
  );
}

export default function ImportLeadsPage() {
  const fileId = new URLSearchParams(useSearch()).get("file");
  return (
    <ListPage
      title="Import leads"
      description="Upload a CSV file of leads, match its columns to lead fields, check every row, then import."
      actions={
        fileId ? (
          <Link href="/team/leads/import" className="text-sm underline">
            Import another file
          </Link>
        ) : null
      }
    >
      {fileId ? <CheckedFile id={fileId} /> : <ChooseFile />}
    </ListPage>
  );
}
