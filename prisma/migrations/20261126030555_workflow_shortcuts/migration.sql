-- CreateTable
CREATE TABLE "WorkflowShortcut" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "tableId" "TableIdentifier" NOT NULL,
    "actions" JSONB NOT NULL DEFAULT '[]',
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WorkflowShortcut_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkflowShortcutExecution" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "shortcutId" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "personId" TEXT,
    "entityIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" TEXT NOT NULL DEFAULT 'RUNNING',
    "results" JSONB NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "WorkflowShortcutExecution_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WorkflowShortcut_branchId_tableId_inactive_idx" ON "WorkflowShortcut"("branchId", "tableId", "inactive");

-- CreateIndex
CREATE UNIQUE INDEX "WorkflowShortcut_branchId_name_key" ON "WorkflowShortcut"("branchId", "name");

-- CreateIndex
CREATE INDEX "WorkflowShortcutExecution_branchId_shortcutId_createdAt_idx" ON "WorkflowShortcutExecution"("branchId", "shortcutId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "WorkflowShortcutExecution_branchId_idempotencyKey_key" ON "WorkflowShortcutExecution"("branchId", "idempotencyKey");

-- AddForeignKey
ALTER TABLE "WorkflowShortcutExecution" ADD CONSTRAINT "WorkflowShortcutExecution_shortcutId_fkey" FOREIGN KEY ("shortcutId") REFERENCES "WorkflowShortcut"("id") ON DELETE CASCADE ON UPDATE CASCADE;
