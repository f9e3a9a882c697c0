-- CreateIndex
CREATE INDEX "Project_namespaceId_createdAt_id_idx" ON "Project"("namespaceId", "createdAt", "id");
