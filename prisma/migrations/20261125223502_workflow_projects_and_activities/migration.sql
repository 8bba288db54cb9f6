-- CreateEnum
CREATE TYPE "FunnelPosition" AS ENUM ('BOTTOM', 'FAILURE', 'MIDDLE', 'OTHER', 'SUCCESS', 'TOP');

-- CreateTable
CREATE TABLE "WorkflowPriority" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WorkflowPriority_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectType" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProjectType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectMilestone" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "type" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProjectMilestone_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Project" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "typeId" TEXT,
    "allowOrphans" BOOLEAN NOT NULL DEFAULT false,
    "defaultPersonId" TEXT,
    "defaultPriorityId" TEXT,
    "marketing" BOOLEAN NOT NULL DEFAULT false,
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Project_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectStep" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "sortLevel" INTEGER NOT NULL DEFAULT 0,
    "defaultPersonId" TEXT,
    "defaultZoneRoleId" TEXT,
    "defaultPriorityId" TEXT,
    "noAutoResolve" BOOLEAN NOT NULL DEFAULT false,
    "defaultLengthMinutes" INTEGER NOT NULL DEFAULT 30,
    "funnelPosition" "FunnelPosition" NOT NULL DEFAULT 'OTHER',
    "handledExternally" BOOLEAN NOT NULL DEFAULT false,
    "milestoneId" TEXT,
    "comments" TEXT NOT NULL DEFAULT '',
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProjectStep_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProjectThread" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "customerId" TEXT,
    "leadId" TEXT,
    "closedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProjectThread_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Activity" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "threadId" TEXT NOT NULL,
    "stepId" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "details" TEXT NOT NULL DEFAULT '',
    "scheduledTime" TIMESTAMP(3) NOT NULL,
    "lengthMinutes" INTEGER NOT NULL DEFAULT 30,
    "status" "RecordStatus" NOT NULL DEFAULT 'ACTIVE',
    "priorityId" TEXT,
    "assignedPersonId" TEXT,
    "enteredByPersonId" TEXT,
    "contactPersonIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "enteredTime" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedTime" TIMESTAMP(3),
    "resolvedByPersonId" TEXT,

    CONSTRAINT "Activity_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "WorkflowPriority_branchId_name_key" ON "WorkflowPriority"("branchId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "ProjectType_branchId_name_key" ON "ProjectType"("branchId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "ProjectMilestone_branchId_name_key" ON "ProjectMilestone"("branchId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Project_branchId_description_key" ON "Project"("branchId", "description");

-- CreateIndex
CREATE INDEX "ProjectStep_branchId_projectId_sortLevel_idx" ON "ProjectStep"("branchId", "projectId", "sortLevel");

-- CreateIndex
CREATE INDEX "ProjectThread_branchId_customerId_idx" ON "ProjectThread"("branchId", "customerId");

-- CreateIndex
CREATE INDEX "ProjectThread_branchId_leadId_idx" ON "ProjectThread"("branchId", "leadId");

-- CreateIndex
CREATE INDEX "Activity_branchId_assignedPersonId_status_scheduledTime_idx" ON "Activity"("branchId", "assignedPersonId", "status", "scheduledTime");

-- CreateIndex
CREATE INDEX "Activity_threadId_enteredTime_idx" ON "Activity"("threadId", "enteredTime");

-- CreateIndex
CREATE INDEX "Activity_branchId_stepId_status_idx" ON "Activity"("branchId", "stepId", "status");

-- AddForeignKey
ALTER TABLE "Project" ADD CONSTRAINT "Project_typeId_fkey" FOREIGN KEY ("typeId") REFERENCES "ProjectType"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectStep" ADD CONSTRAINT "ProjectStep_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectStep" ADD CONSTRAINT "ProjectStep_milestoneId_fkey" FOREIGN KEY ("milestoneId") REFERENCES "ProjectMilestone"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectThread" ADD CONSTRAINT "ProjectThread_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Activity" ADD CONSTRAINT "Activity_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "ProjectThread"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Activity" ADD CONSTRAINT "Activity_stepId_fkey" FOREIGN KEY ("stepId") REFERENCES "ProjectStep"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
