-- CreateTable
CREATE TABLE "ProjectGroupLink" (
    "id" SERIAL NOT NULL,
    "projectId" INTEGER NOT NULL,
    "groupId" INTEGER NOT NULL,
    "groupAccess" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProjectGroupLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ProjectGroupLink_groupId_projectId_idx" ON "ProjectGroupLink"("groupId", "projectId");

-- CreateIndex
CREATE UNIQUE INDEX "ProjectGroupLink_projectId_groupId_key" ON "ProjectGroupLink"("projectId", "groupId");

-- AddForeignKey
ALTER TABLE "ProjectGroupLink" ADD CONSTRAINT "ProjectGroupLink_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectGroupLink" ADD CONSTRAINT "ProjectGroupLink_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Namespace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
