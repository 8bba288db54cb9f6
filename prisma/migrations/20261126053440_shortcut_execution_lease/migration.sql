-- AlterTable
ALTER TABLE "WorkflowShortcutExecution" ADD COLUMN     "leaseUntil" TIMESTAMP(3);
