-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "lastPipelineIid" INTEGER NOT NULL DEFAULT 0;
