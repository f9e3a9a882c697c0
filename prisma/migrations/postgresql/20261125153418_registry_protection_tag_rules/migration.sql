-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "containerRegistryAccessLevel" TEXT NOT NULL DEFAULT 'enabled';

-- CreateTable
CREATE TABLE "ContainerRegistryProtectionTagRule" (
    "id" SERIAL NOT NULL,
    "projectId" INTEGER NOT NULL,
    "tagNamePattern" TEXT NOT NULL,
    "minimumAccessLevelForPush" INTEGER,
    "minimumAccessLevelForDelete" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContainerRegistryProtectionTagRule_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ContainerRegistryProtectionTagRule_projectId_id_idx" ON "ContainerRegistryProtectionTagRule"("projectId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ContainerRegistryProtectionTagRule_projectId_tagNamePattern_key" ON "ContainerRegistryProtectionTagRule"("projectId", "tagNamePattern");

-- AddForeignKey
ALTER TABLE "ContainerRegistryProtectionTagRule" ADD CONSTRAINT "ContainerRegistryProtectionTagRule_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
